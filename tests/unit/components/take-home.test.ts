/**
 * "Run it on your machine": the package a reader downloads (one file, or a zip
 * of the server and the siblings it imports) runs with plain `node` and gives
 * the same replies as the shipped server. Real files, real zip, real Node.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVERS, SERVER_NAMES } from '../../../toy-servers/registry.ts';
import { collectServerFiles, resolveRelative, takeHomePackage } from '../../../src/components/pure/take-home.ts';

const project = new URL('../../../', import.meta.url).pathname;
const readProject = async (path: string) => {
  try {
    return readFileSync(join(project, path), 'utf8');
  } catch {
    return undefined;
  }
};
const work = mkdtempSync(join(tmpdir(), 'take-home-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Runs `node <args>` in `cwd`, writes `lines`, and collects the stdout lines until one reply per request came back. */
function replies(cwd: string, args: string[], lines: string[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    const expected = lines.filter((l) => 'id' in JSON.parse(l)).length;
    const out: string[] = [];
    let buf = '';
    const timer = setTimeout(() => (child.kill(), reject(new Error(`timeout; got ${JSON.stringify(out)}`))), 15_000);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buf += chunk;
      let i;
      while ((i = buf.indexOf('\n')) >= 0) {
        out.push(buf.slice(0, i));
        buf = buf.slice(i + 1);
      }
      // Count replies only: noisy.mjs also prints lines that are not JSON-RPC.
      if (out.filter((line) => line.startsWith('{')).length >= expected) {
        clearTimeout(timer);
        child.kill();
        resolve(out);
      }
    });
    child.on('error', reject);
    for (const l of lines) child.stdin.write(l + '\n');
  });
}

const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
const modern = [
  { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: meta } },
  { jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: meta } },
  { jsonrpc: '2.0', id: 3, method: 'prompts/list', params: { _meta: meta } },
].map((m) => JSON.stringify(m));
const legacy = [
  { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 2, method: 'tools/list' },
].map((m) => JSON.stringify(m));

describe('take-home package', () => {
  it('resolves relative specifiers only', () => {
    expect(resolveRelative('toy-servers/noisy.mjs', './calendar.mjs')).toBe('toy-servers/calendar.mjs');
    expect(resolveRelative('a/b/c.mjs', '../d.mjs')).toBe('a/d.mjs');
    expect(resolveRelative('a/b.mjs', 'node:fs')).toBeUndefined();
  });

  it('is one file when the entry imports nothing relative', async () => {
    const files = await collectServerFiles('toy-servers/solo.mjs', "import fs from 'node:fs';\nconsole.log('hi');\n", readProject);
    const pkg = takeHomePackage('solo', files);
    expect(pkg).toMatchObject({ fileName: 'solo.mjs', command: 'node solo.mjs', files: ['solo.mjs'] });
  });

  it('takes the entry home under the registry\'s homeName: the capstone starter is the reader\'s my-server.mjs, and runs under that name', async () => {
    const entry = SERVERS.starter.file;
    const edited = `${readFileSync(join(project, entry), 'utf8')}\nconsole.error('my own server');\n`;
    const pkg = takeHomePackage('starter', await collectServerFiles(entry, edited, readProject), SERVERS.starter.homeName);
    expect(pkg).toMatchObject({ fileName: SERVERS.starter.homeName, command: `node ${SERVERS.starter.homeName}`, files: [SERVERS.starter.homeName] });
    // The lesson that hands it out names the same file, in both editions.
    for (const lesson of ['lessons/write-your-own-server.mdx', 'lessons/id/write-your-own-server.mdx']) {
      expect(readFileSync(join(project, lesson), 'utf8'), lesson).toContain(`node ${SERVERS.starter.homeName}`);
    }
    const dir = join(work, 'home-name');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, pkg.fileName), pkg.bytes);
    const child = spawnSync(process.execPath, pkg.command.split(' ').slice(1), { cwd: dir, input: '', encoding: 'utf8', timeout: 20_000 });
    expect(child.stderr).toContain('my own server');
  });

  it('renames only the entry inside a zip', async () => {
    const files = new Map([['toy-servers/a.mjs', "import './b.mjs';"], ['toy-servers/b.mjs', '']]);
    const pkg = takeHomePackage('a', files, 'mine.mjs');
    expect(pkg).toMatchObject({ command: 'node mcp-by-hand-a/mine.mjs', files: ['mcp-by-hand-a/mine.mjs', 'mcp-by-hand-a/b.mjs'] });
    expect(Object.keys(unzipSync(pkg.bytes)).sort()).toEqual(['mcp-by-hand-a/b.mjs', 'mcp-by-hand-a/mine.mjs']);
  });

  it('says which import is missing', async () => {
    await expect(collectServerFiles('toy-servers/x.mjs', "import './nope.mjs';", readProject)).rejects.toThrow(/imports \.\/nope\.mjs/);
  });

  // Servers with a file in toy-servers/ (a built entry such as `everything` is run with npx instead).
  for (const name of SERVER_NAMES.filter((n) => SERVERS[n].transport === 'stdio' && !('fetchUrl' in SERVERS[n]) && !('starter' in SERVERS[n]))) {
    it(`${name}: the unzipped download runs with plain node and answers as the shipped server does; an edit goes with it`, async () => {
      const entry = SERVERS[name].file;
      const original = readFileSync(join(project, entry), 'utf8');
      const edited = `${original}\nconsole.error('taken home by the reader');\n`;
      const pkg = takeHomePackage(name, await collectServerFiles(entry, edited, readProject));
      const dir = join(work, name);
      mkdirSync(dir, { recursive: true });
      if (pkg.fileName.endsWith('.zip')) {
        expect(pkg.files.length).toBeGreaterThan(1);
        for (const [path, bytes] of Object.entries(unzipSync(pkg.bytes))) {
          mkdirSync(dirname(join(dir, path)), { recursive: true });
          writeFileSync(join(dir, path), bytes);
        }
      } else writeFileSync(join(dir, pkg.fileName), pkg.bytes);
      const [cmd, ...args] = pkg.command.split(' ');
      expect(cmd).toBe('node');
      expect(strFromU8(readFileSync(join(dir, args[0]!)))).toContain('taken home by the reader');
      const lines = SERVERS[name].era === 'legacy' ? legacy : modern;
      const home = await replies(dir, args, lines);
      const shipped = await replies(project, [entry], lines);
      const json = (l: string[]) => l.filter((x) => x.startsWith('{')).map((x) => JSON.parse(x));
      expect(json(home)).toEqual(json(shipped));
      expect(json(home).length).toBeGreaterThanOrEqual(2);
    });
  }
});
