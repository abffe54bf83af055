import { describe, expect, it } from 'vitest';
import { classifyMessage, errorName, isRecognisedModernError } from '../../../src/protocol/classify.ts';
import type { JsonRpcMessage } from '../../../src/protocol/messages.ts';

const c = (line: string, known?: string[]) => classifyMessage(JSON.parse(line) as JsonRpcMessage, known ? { knownResultTypes: known } : {});

describe('classifyMessage', () => {
  it('complete, input_required, and an absent resultType treated as complete (legacy)', () => {
    expect(c('{"jsonrpc":"2.0","id":1,"result":{"resultType":"complete"}}')).toMatchObject({ kind: 'complete', assumed: false });
    expect(c('{"result":{"tools":[]},"jsonrpc":"2.0","id":1}')).toMatchObject({ kind: 'complete', assumed: true });
    expect(c('{"jsonrpc":"2.0","id":2,"result":{"resultType":"input_required","requestState":"x"}}')).toMatchObject({
      kind: 'input_required',
      id: 2,
    });
  });

  it('an unknown resultType is invalid unless the client knows it', () => {
    expect(c('{"jsonrpc":"2.0","id":1,"result":{"resultType":"task"}}')).toMatchObject({ kind: 'invalid_result', resultType: 'task' });
    expect(c('{"jsonrpc":"2.0","id":1,"result":{"resultType":"task"}}', ['task'])).toMatchObject({ kind: 'complete', label: 'task' });
  });

  it('names every spec error and reads data out', () => {
    const v = c('{"jsonrpc":"2.0","id":1,"error":{"code":-32022,"message":"Unsupported protocol version","data":{"supported":["2026-07-28","2025-11-25"],"requested":"1900-01-01"}}}');
    expect(v).toMatchObject({ kind: 'error', label: '-32022 UnsupportedProtocolVersion', supported: ['2026-07-28', '2025-11-25'] });
    const cap = c('{"jsonrpc":"2.0","id":1,"error":{"code":-32021,"message":"m","data":{"requiredCapabilities":{"elicitation":{}}}}}');
    expect(cap).toMatchObject({ label: '-32021 MissingRequiredClientCapability', requiredCapabilities: { elicitation: {} } });
    const table: Array<[number, string]> = [
      [-32700, 'ParseError'], [-32600, 'InvalidRequest'], [-32601, 'MethodNotFound'], [-32602, 'InvalidParams'],
      [-32603, 'InternalError'], [-32020, 'HeaderMismatch'], [-32021, 'MissingRequiredClientCapability'],
      [-32022, 'UnsupportedProtocolVersion'], [-32002, 'ResourceNotFound'], [-32005, 'ServerError'], [42, 'ApplicationError'],
    ];
    for (const [code, name] of table) expect(errorName(code)).toBe(name);
    const noId = c('{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"}}');
    expect(noId).toMatchObject({ kind: 'error', label: '-32700 ParseError' });
    expect('id' in noId).toBe(false);
  });

  it('recognised modern errors are exactly -32020, -32021, -32022', () => {
    expect([-32020, -32021, -32022, -32601, -32602, -32001].map(isRecognisedModernError)).toEqual([true, true, true, false, false, false]);
  });

  it('server notifications and requests', () => {
    expect(c('{"method":"notifications/tools/list_changed","jsonrpc":"2.0"}')).toMatchObject({ kind: 'notification', method: 'notifications/tools/list_changed' });
    expect(c('{"method":"roots/list","jsonrpc":"2.0","id":0}')).toMatchObject({ kind: 'request', method: 'roots/list' });
  });
});
