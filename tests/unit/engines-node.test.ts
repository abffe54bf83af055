import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NodeEngine, spawnCommand } from '../../src/engines/node/node-engine.ts';

const root = mkdtempSync(join(tmpdir(), 'node-engine-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const engine = new NodeEngine({ root });

const collect = (p: { onStdout(l: (s: string) => void): () => void; onStderr(l: (s: string) => void): () => void }) => {
  const out: string[] = [];
  const err: string[] = [];
  p.onStdout((l) => out.push(l));
  p.onStderr((t) => err.push(t));
  return { out, err };
};

/** Waits until `cond()` holds (polling every 10 ms; the test timeout bounds it). */
async function until(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise((r) => setTimeout(r, 10));
}

describe('NodeEngine', () => {
  it('is kind node and writes/reads files relative to its root, creating folders', async () => {
    expect(engine.kind).toBe('node');
    await engine.writeFile('a/b/c.txt', 'héllo');
    expect(await engine.readFile('a/b/c.txt')).toBe('héllo');
    expect(await engine.readFile('missing.txt')).toBeUndefined();
    await expect(engine.writeFile('../escape.txt', 'x')).rejects.toThrow(/outside the engine root/);
  });

  it('spawns node entry with args in the root; lines on stdout (trailing \\r kept), chunks on stderr, exit code', async () => {
    await engine.writeFile(
      'echo.mjs',
      `import { createInterface } from 'node:readline';
       process.stderr.write('cwd=' + process.cwd() + ' args=' + process.argv.slice(2).join(',') + ' env=' + process.env.EXTRA + '\\n');
       process.stdout.write('crlf\\r\\nsplit-');
       setTimeout(() => process.stdout.write('line\\n'), 20);
       createInterface({ input: process.stdin }).on('line', (l) => process.stdout.write('got ' + l + '\\n')).on('close', () => process.exit(0));`,
    );
    const p = await engine.spawn('echo.mjs', ['x', 'y'], { env: { EXTRA: 'yes' } });
    expect(p.pid).toBeGreaterThan(0);
    const { out, err } = collect(p);
    await until(() => out.length === 2);
    p.write('{"a":"é"}');
    await until(() => out.length === 3);
    p.closeStdin();
    expect(await p.exit).toEqual({ code: 0 });
    expect(out).toEqual(['crlf\r', 'split-line', 'got {"a":"é"}']);
    expect(err.join('')).toBe(`cwd=${root} args=x,y env=yes\n`);
    p.write('after exit is ignored');
  });

  it('kill() stops the process at once and says so', async () => {
    await engine.writeFile('forever.mjs', 'setInterval(() => {}, 1000);');
    const p = await engine.spawn('forever.mjs');
    p.kill();
    expect(await p.exit).toEqual({ code: null, signal: 'SIGKILL', reason: 'killed by the engine' });
  });

  it('kill() ends a server that ignores SIGTERM and the end of stdin: SIGKILL, and its process id is gone', async () => {
    await engine.writeFile('stubborn.mjs', "process.on('SIGTERM', () => {}); process.stdin.on('data', () => {}); setInterval(() => {}, 1000); process.stdout.write('up\\n');");
    const p = await engine.spawn('stubborn.mjs');
    const { out } = collect(p);
    await until(() => out.length === 1);
    p.closeStdin();
    p.kill();
    expect(await p.exit).toEqual({ code: null, signal: 'SIGKILL', reason: 'killed by the engine' });
    expect(() => process.kill(p.pid, 0)).toThrow(/ESRCH/);
  });

  it('onStdoutPartial: the unterminated tail after each chunk, the whole of it, then "" once a newline ends it', async () => {
    await engine.writeFile(
      'partial.mjs',
      `process.stdout.write('{"jsonrpc":');
       process.stdin.once('data', () => { process.stdout.write('"2.0"'); setTimeout(() => process.stdout.write('}\\nnext'), 50); });`,
    );
    const p = await engine.spawn('partial.mjs');
    const { out } = collect(p);
    const tails: string[] = [];
    p.onStdoutPartial!((t) => tails.push(t));
    await until(() => tails.length === 1);
    expect(tails).toEqual(['{"jsonrpc":']);
    p.write('go');
    await until(() => out.length === 1 && tails.at(-1) === 'next');
    expect(out).toEqual(['{"jsonrpc":"2.0"}']);
    expect(tails).toEqual(['{"jsonrpc":', '{"jsonrpc":"2.0"', 'next']);
    // A late listener hears the tail now, not its history.
    const late: string[] = [];
    p.onStdoutPartial!((t) => late.push(t));
    expect(late).toEqual(['next']);
    p.closeStdin();
    await p.exit;
    expect(out).toEqual(['{"jsonrpc":"2.0"}', 'next']);
    expect(tails.at(-1)).toBe('');
    expect(late).toEqual(['next', '']);
  });

  it('a missing entry starts node, which exits 1 with a message on stderr', async () => {
    const p = await engine.spawn('nope.mjs');
    const { err } = collect(p);
    expect((await p.exit).code).toBe(1);
    expect(err.join('')).toMatch(/Cannot find module/);
  });

  it('output written before anyone subscribes is held and delivered; a last line without newline arrives', async () => {
    await engine.writeFile('early.mjs', "process.stdout.write('one\\ntwo');");
    const p = await engine.spawn('early.mjs');
    await p.exit;
    const { out } = collect(p);
    expect(out).toEqual(['one', 'two']);
  });

  it('spawnCommand rejects when the command cannot be started', async () => {
    await expect(spawnCommand('/no/such/binary', [])).rejects.toThrow(/ENOENT/);
  });
});
