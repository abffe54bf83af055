/**
 * The WebContainer engine's thin adapter, against a stand-in with
 * WebContainer's API shape whose processes are real `node` processes under
 * real pseudo-terminals (tests/uni./relay-pty-container.ts): the relay and
 * the servers are real, only StackBlitz is not. Also the boot rules (reasons,
 * timeout) with an API object that never boots, rejects, or is not reachable.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { WebContainerEngine, fileTree, RELAY_PATH } from '../../src/engines/webcontainer/webcontainer-engine.ts';
import { bootWebContainer, forgetBoot, BootFailure } from '../../src/engines/webcontainer/boot.ts';
import type { ContainerApi, ContainerLike } from '../../src/engines/webcontainer/webcontainer-api.ts';
import { NodeEngine } from '../../src/engines/node/node-engine.ts';
import type { EngineProcess } from '../../src/engines/types.ts';
import { transcripts, TRANSCRIPT_ENV } from '../servers/cases.ts';
import { SAME_BYTES_SERVERS, entryOf } from './engines-servers.ts';
import { PtyContainer } from './relay-pty-container.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const toyFiles = () =>
  Object.fromEntries(readdirSync(join(ROOT, 'toy-servers')).filter((f) => f.endsWith('.mjs')).map((f) => [`toy-servers/${f}`, readFileSync(join(ROOT, 'toy-servers', f), 'utf8')]));

async function collect(p: EngineProcess, lines: string[]) {
  const stdout: string[] = [];
  let stderr = '';
  p.onStdout((l) => stdout.push(l));
  p.onStderr((t) => (stderr += t));
  for (const l of lines) p.write(l);
  p.closeStdin();
  const exit = await p.exit;
  return { stdout, stderr, exit };
}

describe('WebContainerEngine over a pseudo-terminal container', () => {
  test('mounts the toy servers and the relay', async () => {
    const container = new PtyContainer();
    const engine = await WebContainerEngine.create(container, toyFiles());
    expect(await engine.readFile('toy-servers/calendar.mjs')).toContain('calendar.mjs');
    expect(await engine.readFile(RELAY_PATH)).toContain('relay.mjs');
    expect(await engine.readFile('nope.txt')).toBeUndefined();
    await engine.writeFile('notes/a.txt', 'hi');
    expect(await engine.readFile('notes/a.txt')).toBe('hi');
  });

  test.for(SAME_BYTES_SERVERS)('%s: the same stdout lines and stderr as the Node engine', async (server) => {
    const container = new PtyContainer();
    const engine = await WebContainerEngine.create(container, toyFiles());
    const node = new NodeEngine({ root: new PtyContainer().dir }); // its own folder: .toy-state/ must not be shared
    for (const [path, text] of Object.entries(toyFiles())) await node.writeFile(path, text);
    const [viaRelay, direct] = await Promise.all([
      engine.spawn(entryOf(server), [], { env: { ...TRANSCRIPT_ENV } }).then((p) => collect(p, transcripts[server])),
      node.spawn(entryOf(server), [], { env: { ...TRANSCRIPT_ENV } }).then((p) => collect(p, transcripts[server])),
    ]);
    expect(direct.stdout.length).toBeGreaterThan(5);
    expect(viaRelay.stdout).toEqual(direct.stdout);
    expect(viaRelay.stderr).toBe(direct.stderr);
    expect(viaRelay.exit).toEqual(direct.exit);
    // The terminal merged the streams and echoed input: the adapter undid it.
    const raw = (container.spawned[0] as unknown as { raw(): string }).raw();
    expect(raw).toContain('\r\n');
  });

  test('kill() stops the server and reports it', async () => {
    const container = new PtyContainer();
    const engine = await WebContainerEngine.create(container, toyFiles());
    const p = await engine.spawn('toy-servers/calendar.mjs');
    p.kill();
    expect(await p.exit).toEqual({ code: null, signal: 'SIGKILL', reason: 'killed by the engine', why: { code: 'engine-kill', vars: {} } });
  });

  test('onStdoutPartial: the unterminated tail after each chunk, then "" once a newline ends it, as the Node engine says it', async () => {
    const container = new PtyContainer();
    const engine = await WebContainerEngine.create(container, { 'partial.mjs': "process.stdout.write('ready');\nprocess.stdin.once('data', () => process.stdout.write('{}\\n'));\n" });
    const p = await engine.spawn('partial.mjs');
    const tails: string[] = [];
    const stdout: string[] = [];
    p.onStdout((l) => stdout.push(l));
    p.onStdoutPartial!((t) => tails.push(t));
    while (tails.length === 0) await new Promise((r) => setTimeout(r, 10));
    expect(tails).toEqual(['ready']);
    p.write('go');
    while (stdout.length === 0) await new Promise((r) => setTimeout(r, 10));
    expect(stdout).toEqual(['ready{}']);
    expect(tails).toEqual(['ready', '']);
    p.closeStdin();
    await p.exit;
    expect(tails).toEqual(['ready', '']);
  });

  test('a server that throws at start: exit code 1 and its stderr', async () => {
    const container = new PtyContainer();
    const engine = await WebContainerEngine.create(container, { 'bad.mjs': "throw new Error('boom');\n" });
    const r = await collect(await engine.spawn('bad.mjs'), []);
    expect(r.exit).toEqual({ code: 1 });
    expect(r.stderr).toContain('Error: boom');
  });

  test('fileTree nests paths', () => {
    expect(fileTree({ 'a/b/c.txt': 'x', 'a/d.txt': 'y' })).toEqual({
      a: { directory: { b: { directory: { 'c.txt': { file: { contents: 'x' } } } }, 'd.txt': { file: { contents: 'y' } } } },
    });
  });
});

describe('bootWebContainer: once per page, with a timeout and a reason', () => {
  afterEach(() => forgetBoot());
  const env = { crossOriginIsolated: true, hasSharedArrayBuffer: true, online: true, hostname: 'localhost' };
  const never: ContainerApi = { boot: () => new Promise<ContainerLike>(() => {}) };

  async function failure(promise: Promise<unknown>): Promise<BootFailure> {
    const error = await promise.then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(BootFailure);
    return error as BootFailure;
  }

  test('a boot that never settles (offline: StackBlitz unreachable) times out with that reason', async () => {
    const f = await failure(bootWebContainer({ api: never, environment: env, timeoutMs: 50 }));
    expect(f.code).toBe('timeout');
    expect(f.message).toMatch(/StackBlitz could not be reached/);
  });

  test('when the network says no, the boot fails at once with the offline reason, not at the timeout', async () => {
    // A real refused connection (nothing listens on port 9 of this machine), as a cut network gives.
    const refused = () => fetch('http://127.0.0.1:9/headless');
    const f = await failure(bootWebContainer({ api: never, environment: env, timeoutMs: 600_000, reachable: refused }));
    expect(f.code).toBe('offline');
    expect(f.message).toMatch(/cannot reach it: no network, or it is blocked/);
  });

  test('a reachable StackBlitz does not end the boot: it succeeds', async () => {
    const container = {} as ContainerLike;
    const api: ContainerApi = { boot: async () => container };
    expect(await bootWebContainer({ api, environment: env, reachable: () => Promise.resolve() })).toBe(container);
  });

  test('on a course domain without an API key, the timeout names the missing key', async () => {
    const f = await failure(bootWebContainer({ api: never, environment: { ...env, hostname: 'course.example.org' }, timeoutMs: 50 }));
    expect(f.code).toBe('licence-missing');
  });

  test('not cross-origin isolated, no SharedArrayBuffer, offline: refused before booting', async () => {
    let booted = 0;
    const api: ContainerApi = { boot: async () => (booted++, {} as ContainerLike) };
    expect((await failure(bootWebContainer({ api, environment: { ...env, crossOriginIsolated: false } }))).code).toBe('not-isolated');
    forgetBoot();
    expect((await failure(bootWebContainer({ api, environment: { ...env, hasSharedArrayBuffer: false } }))).code).toBe('no-shared-array-buffer');
    forgetBoot();
    expect((await failure(bootWebContainer({ api, environment: { ...env, online: false } }))).code).toBe('offline');
    expect(booted).toBe(0);
  });

  test('a refused API key and other boot errors are told apart', async () => {
    const keys: string[] = [];
    const refusing: ContainerApi = { boot: async () => Promise.reject(new Error('Unauthorized: invalid client_id')), configureAPIKey: (k) => keys.push(k) };
    const f = await failure(bootWebContainer({ api: refusing, apiKey: 'wc_api_bad', environment: env }));
    expect(f.code).toBe('licence-refused');
    expect(keys).toEqual(['wc_api_bad']);
    forgetBoot();
    const broken: ContainerApi = { boot: async () => Promise.reject(new Error('Unable to create more instances')) };
    expect((await failure(bootWebContainer({ api: broken, environment: env }))).code).toBe('boot-failed');
  });

  test('boots once: later calls share the first boot', async () => {
    let boots = 0;
    const container = {} as ContainerLike;
    const api: ContainerApi = { boot: async () => (boots++, container) };
    const [a, b] = await Promise.all([bootWebContainer({ api, environment: env }), bootWebContainer({ api, environment: env })]);
    expect(a).toBe(container);
    expect(b).toBe(container);
    expect(boots).toBe(1);
  });
});
