/**
 * The Worker engine's `node:readline` (src/engines/worker/runtime/readline.ts)
 * against Node's own readline as the oracle: the same chunks of stdin give
 * the same 'line' events and the same 'close', whatever the chunking (lines
 * split across chunks, CRLF, a lone CR, a character cut in two, no final newline).
 */
import { PassThrough } from 'node:stream';
import { createInterface as nodeCreateInterface } from 'node:readline';
import { EventEmitter } from 'events';
import { describe, expect, test } from 'vitest';
import { createInterface } from '../../../src/engines/worker/runtime/readline.ts';

const bytes = (s: string) => new TextEncoder().encode(s);

/** Lines and close from Node's readline over a real stream. */
function viaNode(chunks: Uint8Array[]): Promise<{ lines: string[]; closed: boolean }> {
  return new Promise((resolve) => {
    const input = new PassThrough();
    const rl = nodeCreateInterface({ input, crlfDelay: Infinity });
    const lines: string[] = [];
    rl.on('line', (l) => lines.push(l));
    rl.on('close', () => resolve({ lines, closed: true }));
    for (const c of chunks) input.write(Buffer.from(c));
    input.end();
  });
}

/** Lines and close from the engine's readline over an emitter shaped like the engine's stdin. */
function viaEngine(chunks: Uint8Array[]): Promise<{ lines: string[]; closed: boolean }> {
  return new Promise((resolve) => {
    const input = new EventEmitter();
    const rl = createInterface({ input });
    const lines: string[] = [];
    rl.on('line', (l: string) => lines.push(l));
    rl.on('close', () => resolve({ lines, closed: true }));
    for (const c of chunks) input.emit('data', c);
    input.emit('end');
  });
}

const euro = bytes('€');
const cases: Array<[string, Uint8Array[]]> = [
  ['one line per chunk', [bytes('{"id":1}\n'), bytes('{"id":2}\n')]],
  ['a line split across chunks', [bytes('{"jsonrpc":'), bytes('"2.0"}\n')]],
  ['several lines in one chunk', [bytes('a\nb\nc\n')]],
  ['CRLF', [bytes('a\r\nb\r\n')]],
  ['CR and LF in different chunks', [bytes('a\r'), bytes('\nb\n')]],
  ['empty lines', [bytes('\n\nx\n')]],
  ['no final newline', [bytes('first\nlast')]],
  ['a character cut across chunks', [bytes('price '), euro.subarray(0, 2), euro.subarray(2), bytes('\n')]],
];

describe('readline reads stdin as Node does', () => {
  test.for(cases)('%s', async ([, chunks]) => {
    expect(await viaEngine(chunks)).toEqual(await viaNode(chunks));
  });
});
