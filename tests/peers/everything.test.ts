// server-everything 2026.8.31 (a real process): the chapter's figures, measured with the hand-written client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEASURED_ARGS, REPO_ROOT } from '../../src/cli/measured-facts.ts';
import { measureServer, type ServerReport } from '../../src/cli/server-report.ts';
import { createO200kTokenizer, type FreeableTokenizer } from '../../src/cli/tiktoken-tokenizer.ts';
import { spawnCommand } from '../../src/engines/node/node-engine.ts';
import { Connection } from '../../src/protocol/connection.ts';
import { sendWithoutHandshake } from '../../src/protocol/hazard.ts';
import { RequestBuilder } from '../../src/protocol/request-builder.ts';

let tokenizer: FreeableTokenizer;
let report: ServerReport;
beforeAll(async () => {
  tokenizer = createO200kTokenizer();
  report = await measureServer(process.execPath, MEASURED_ARGS, tokenizer, { cwd: REPO_ROOT });
});
afterAll(() => tokenizer.free());

describe('server-everything 2026.8.31', () => {
  it('is legacy via -32601 to server/discover, and negotiates 2025-11-25 with initialize + notifications/initialized', () => {
    expect(report).toMatchObject({ era: 'legacy', outcome: 'ok', branch: 'legacy-fallback', protocolVersion: '2025-11-25' });
    expect(report.discoverErrorCode).toBe(-32601);
    expect(report.steps.map((s) => s.kind)).toEqual(['discover', 'initialize', 'initialized']);
    expect(report.steps[0].received).toBe('{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}');
    expect(report.serverInfo).toMatchObject({ name: 'mcp-servers/everything', version: '2.0.0' });
  });

  it('serves tools/list with no handshake (12 tools), and 13 after the handshake; 7 resources, 4 prompts', () => {
    expect(report.beforeHandshake).toMatchObject({ served: true, tools: 12 });
    expect(report.counts).toMatchObject({ tools: 13, resources: 7, prompts: 4, resourceTemplates: 2 });
  });

  it('catalog: 7,663 bytes; python total 1,307, cheapest get-tiny-image 52, costliest gzip-file-as-resource 235; instructions 312', () => {
    expect(report.catalogBytes).toBe(7663);
    const t = report.tokens!;
    expect(t.python.total).toBe(1307);
    expect(t.python.sumPerTool).toBe(1305);
    expect(t.python.cheapest).toMatchObject({ name: 'get-tiny-image', tokens: 52 });
    expect(t.python.costliest).toMatchObject({ name: 'gzip-file-as-resource', tokens: 235 });
    expect(t.instructions).toBe(312);
  });

  it('compact (JSON.stringify): 1,084 summed per tool (1,082 as one list), cheapest 44, costliest 203', () => {
    const c = report.tokens!.compact;
    expect(c.sumPerTool).toBe(1084);
    expect(c.total).toBe(1082);
    expect(c.cheapest).toMatchObject({ name: 'get-tiny-image', tokens: 44 });
    expect(c.costliest).toMatchObject({ name: 'gzip-file-as-resource', tokens: 203 });
  });

  it('writes its start-up line to stderr only', () => {
    expect(report.stderr).toBe('Starting default (STDIO) server...\n');
  });

  it('the hazard: a bare 2025-style tools/list as the first message is served too', async () => {
    const conn = new Connection(await spawnCommand(process.execPath, MEASURED_ARGS, { cwd: REPO_ROOT }), { timeoutMs: 10_000 });
    try {
      const h = await sendWithoutHandshake(conn, 'tools/list', { builder: new RequestBuilder(), envelope: false });
      expect(h).toMatchObject({ served: true, count: 12 });
      expect(h.classification).toMatchObject({ kind: 'complete', assumed: true });
    } finally {
      await conn.close(1000);
    }
  });
});
