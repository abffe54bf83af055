/** Starting http.mjs as a real process, and reading SSE bodies. */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { freshDir, serverFile, type ServerName } from './harness.ts';

/** A running HTTP toy server: the URL it printed, the process, what it wrote. */
export interface RunningHttpServer {
  url: string;
  child: ChildProcess;
  stderr: () => string;
}

/**
 * Starts `node toy-servers/<name>.mjs <port>` (port 0: a free one) in `cwd`
 * (default a fresh directory) and resolves with the first URL of `pattern`
 * it prints on stderr; rejects with its stderr when it exits first.
 */
export async function startHttpServer(
  name: ServerName,
  { env = {}, cwd = freshDir(), port = 0, pattern = /(http:\/\/127\.0\.0\.1:\d+)/ }: { env?: Record<string, string>; cwd?: string; port?: number; pattern?: RegExp } = {},
): Promise<RunningHttpServer> {
  const child = spawn(process.execPath, [serverFile(name), String(port)], {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stdout!.on('data', (b: Buffer) => (stdout += b.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr!.on('data', (b: Buffer) => {
      stderr += b.toString();
      const m = pattern.exec(stderr);
      if (m) resolve(m[1]!);
    });
    child.on('exit', () => reject(new Error(`${name} exited: ${stderr}`)));
  });
  return { url, child, stderr: () => `${stderr}${stdout ? `\nSTDOUT:${stdout}` : ''}` };
}

/** A running http.mjs and its MCP endpoint URL. */
export function startHttp(env: Record<string, string> = {}): Promise<RunningHttpServer> {
  return startHttpServer('http', { env, pattern: /(http:\/\/127\.0\.0\.1:\d+\/mcp)/ });
}

/** A port nothing listens on right now (for a server others must know the address of before it starts). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Parses an SSE body (WHATWG rules: events split by blank lines, comment lines ignored, data lines joined). */
export function parseSse(text: string): string[] {
  const events: string[] = [];
  for (const block of text.replace(/\r\n?/g, '\n').split('\n\n')) {
    const data = block.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5).replace(/^ /, ''));
    if (data.length > 0) events.push(data.join('\n'));
  }
  return events;
}

