import { describe, expect, it } from 'vitest';
import { isRequestId, parseMessageLine } from '../../../src/protocol/parse-message.ts';

const violation = (line: string) => {
  const p = parseMessageLine(line);
  return p.ok ? 'ok' : p.violation;
};

describe('parseMessageLine', () => {
  it('accepts requests, notifications, results and errors (with or without id)', () => {
    expect(violation('{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}')).toBe('ok');
    expect(violation('{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}')).toBe('ok');
    expect(violation('{"result":{},"jsonrpc":"2.0","id":"a"}')).toBe('ok');
    expect(violation('{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"}}')).toBe('ok');
    expect(violation('{"jsonrpc":"2.0","id":1,"result":{}}\r')).toBe('ok');
  });

  it('names what is wrong', () => {
    expect(violation('{"jsonrpc":"1.0","id":1,"result":{}}')).toBe('missing "jsonrpc": "2.0"');
    expect(violation('{"jsonrpc":"2.0","id":1.5,"result":{}}')).toBe('id is not a string or integer');
    expect(violation('{"jsonrpc":"2.0","result":{}}')).toBe('a result without an id');
    expect(violation('{"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1,"message":"x"}}')).toBe('has both "result" and "error"');
    expect(violation('{"jsonrpc":"2.0","id":1,"error":{"code":"x","message":"m"}}')).toBe('error code is not an integer');
    expect(violation('{"jsonrpc":"2.0","id":1,"method":"m","params":[1]}')).toBe('"params" is not an object');
    expect(violation('"just a string"')).toBe('JSON, but not an object');
    expect(violation('{"jsonrpc":"2.0","id":1}')).toBe('neither a request, a notification nor a response');
  });

  it('isRequestId: strings and integers only', () => {
    expect([isRequestId('a'), isRequestId(0), isRequestId(1.5), isRequestId(null), isRequestId(undefined)]).toEqual([
      true, true, false, false, false,
    ]);
  });
});
