/** Starting http.mjs as a real process, and reading SSE bodies. */
import { type ChildProcess, spawn } from 'node:child_process';
import { freshDir, serverFile } from './harness.ts';

/** A running http.mjs and its base URL. */
export async function startHttp(env: Record<string, string> = {}): Promise<{ url: string; child: ChildProcess; stderr: () => string }> {
  const child = spawn(process.execPath, [serverFile('http'), '0'], {
    cwd: freshDir(),
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stdout!.on('data', (b: Buffer) => (stdout += b.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr!.on('data', (b: Buffer) => {
      stderr += b.toString();
      const m = /(http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr);
      if (m) resolve(m[1]);
    });
    child.on('exit', () => reject(new Error(`http.mjs exited: ${stderr}`)));
  });
  return { url, child, stderr: () => `${stderr}${stdout ? `\nSTDOUT:${stdout}` : ''}` };
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

