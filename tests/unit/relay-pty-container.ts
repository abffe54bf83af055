/**
 * A stand-in for a booted WebContainer with the API's shape
 * (`src/engines/webcontainer/webcontainer-api.ts`), built on real things: a
 * temporary folder for its file system, real `node` processes for `spawn`,
 * each under a REAL pseudo-terminal (`script` from util-linux), so output
 * arrives as WebContainer delivers it: stdout and stderr merged into one
 * terminal stream, input echoed, `"\n"` turned into `"\r\n"`.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { ContainerLike, ContainerProcess, FileTree } from '../../src/engines/webcontainer/webcontainer-api.ts';

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** Runs `command args...` under a real pseudo-terminal; the process handle has WebContainer's shape. */
export function spawnUnderPty(command: string, args: string[], options: { cwd: string; env?: Record<string, string> }): ContainerProcess & { raw: () => string } {
  const child = spawn('script', ['-qfec', [command, ...args].map(quote).join(' '), '/dev/null'], {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let raw = '';
  const output = new ReadableStream<string>({
    start(controller) {
      const decoder = new TextDecoder();
      child.stdout.on('data', (chunk: Buffer) => {
        const text = decoder.decode(chunk, { stream: true });
        raw += text;
        controller.enqueue(text);
      });
      child.stdout.on('end', () => controller.close());
    },
  });
  const input = new WritableStream<string>({
    write(text) {
      if (!child.stdin.destroyed) child.stdin.write(text);
    },
    close() {
      // WebContainer keeps the terminal open; closing our writer ends nothing.
    },
  });
  child.stdin.on('error', () => {});
  const exit = new Promise<number>((resolve) => child.on('exit', (code) => {
    child.stdin.destroy();
    resolve(code ?? 1);
  }));
  return { output, input, exit, kill: () => child.kill('SIGKILL'), raw: () => raw };
}

/** A fake booted WebContainer over a temp folder and real pseudo-terminals. */
export class PtyContainer implements ContainerLike {
  readonly dir = mkdtempSync(join(tmpdir(), 'pty-container-'));
  readonly spawned: Array<ReturnType<typeof spawnUnderPty>> = [];

  async mount(tree: FileTree, options: { mountPoint?: string } = {}): Promise<void> {
    const write = (base: string, t: FileTree) => {
      for (const [name, node] of Object.entries(t)) {
        const path = join(base, name);
        if ('directory' in node) {
          mkdirSync(path, { recursive: true });
          write(path, node.directory);
        } else {
          mkdirSync(dirname(path), { recursive: true });
          writeFileSync(path, node.file.contents);
        }
      }
    };
    write(join(this.dir, options.mountPoint ?? '.'), tree);
  }

  async spawn(command: string, args: string[], options: { env?: Record<string, string> } = {}): Promise<ContainerProcess> {
    const p = spawnUnderPty(command === 'node' ? process.execPath : command, args, { cwd: this.dir, env: options.env });
    this.spawned.push(p);
    return p;
  }

  fs = {
    readFile: async (path: string) => readFileSync(join(this.dir, path), 'utf8'),
    writeFile: async (path: string, text: string) => writeFileSync(join(this.dir, path), text),
    mkdir: async (path: string) => mkdirSync(join(this.dir, path), { recursive: true }),
  };
}
