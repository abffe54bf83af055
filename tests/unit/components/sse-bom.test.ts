// A text/event-stream that starts with a byte order mark, from a real node:http server, read the ways the
// course reads one: the checker's SseReader (as the body arrives) and the Console's parseSse (a whole body).
// The UTF-8 decoder drops a BOM at the start of the bytes; the parsers also ignore one leading U+FEFF in the
// text they are given, so a decoder that keeps it (`ignoreBOM: true`) loses no frame either.
// https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpSpawner, SseReader, type HttpProcess } from '../../../src/checker/http-process.ts';
import { parseSse } from '../../../src/components/console/http-exchange.ts';

const FIRST = '{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":1}}';
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c));
    req.on('end', () => {
      const id = (JSON.parse(body || '{}') as { id?: unknown }).id ?? 1;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      // The BOM's three bytes split across two writes, the first frame right after it.
      res.write(Buffer.from([0xef]));
      setTimeout(() => {
        res.write(Buffer.concat([Buffer.from([0xbb, 0xbf]), Buffer.from(`data: ${FIRST}\n\n`)]));
        res.end(`data: {"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{}}\n\n`);
      }, 20);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
});
afterAll(() => server.close());

/** The stream's text as a decoder that keeps the BOM gives it, chunk by chunk as it arrived. */
async function chunksKeepingBom(): Promise<string[]> {
  const response = await fetch(url, { method: 'POST', body: '{"jsonrpc":"2.0","id":1,"method":"x"}' });
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const chunks: string[] = [];
  for await (const bytes of response.body!) chunks.push(decoder.decode(bytes as Uint8Array, { stream: true }));
  chunks.push(decoder.decode());
  return chunks.filter((c) => c !== '');
}

describe('an event stream starting with a BOM', () => {
  it('keeps its first frame in the checker, from the network', async () => {
    const proc = (await httpSpawner(url)()) as HttpProcess;
    const lines: string[] = [];
    proc.onStdout((l) => lines.push(l));
    proc.write('{"jsonrpc":"2.0","id":"a","method":"tools/list","params":{}}');
    await expect.poll(() => lines.length).toBe(2);
    expect(JSON.parse(lines[0]!)).toEqual(JSON.parse(FIRST));
    proc.kill();
  });

  it('keeps its first frame in the Console, from the network', async () => {
    const text = await (await fetch(url, { method: 'POST', body: '{}' })).text();
    expect(parseSse(text).map((f) => f.data)[0]).toBe(FIRST);
  });

  it('keeps its first frame when the decoded text still starts with U+FEFF', async () => {
    const chunks = await chunksKeepingBom();
    expect(chunks.join('').startsWith('\uFEFF'), 'the decoder kept the BOM').toBe(true);
    expect(parseSse(chunks.join('')).map((f) => f.data)[0]).toBe(FIRST);
    const events: string[] = [];
    const reader = new SseReader((data) => events.push(data));
    for (const c of chunks) reader.push(c);
    reader.end();
    expect(events[0]).toBe(FIRST);
    expect(events).toHaveLength(2);
  });
});
