/**
 * A toy server's catalog, read in the test process from a real `node` process
 * (not through the course's engines or widget code): `server/discover` for the
 * instructions, then `tools/list`. Used to derive what the TokenMeter should show.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export interface NodeCatalog {
  tools: Array<{ name: string; description?: string; inputSchema: unknown; [k: string]: unknown }>;
  instructions?: string;
}

const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

/** Runs `toy-servers/<server>.mjs` with `node` in a scratch copy and returns its tools and instructions. */
export async function nodeCatalog(server: string): Promise<NodeCatalog> {
  const root = mkdtempSync(join(tmpdir(), 'lesson-catalog-'));
  cpSync(new URL('../../../toy-servers', import.meta.url).pathname, join(root, 'toy-servers'), { recursive: true });
  const child = spawn(process.execPath, [join(root, 'toy-servers', `${server}.mjs`)], { cwd: root, stdio: ['pipe', 'pipe', 'ignore'] });
  try {
    const replies = new Map<number, any>();
    const done = new Promise<void>((resolve, reject) => {
      createInterface({ input: child.stdout }).on('line', (line) => {
        const m = JSON.parse(line);
        replies.set(m.id, m);
        if (replies.size === 2) resolve();
      });
      child.on('exit', (code) => reject(new Error(`${server}.mjs exited (${code}) before answering`)));
    });
    child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: META } }) + '\n');
    child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: META } }) + '\n');
    await done;
    return { tools: replies.get(2).result.tools, instructions: replies.get(1).result.instructions };
  } finally {
    child.kill();
    rmSync(root, { recursive: true, force: true });
  }
}

/**
 * Python's `json.dumps(value)` with its defaults (separators `", "` and `": "`,
 * `ensure_ascii=True`), the lesson's "python" serialisation.
 */
export function pythonDumps(value: unknown): string {
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'string') return JSON.stringify(value).replace(/[\u0080-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (Array.isArray(value)) return `[${value.map(pythonDumps).join(', ')}]`;
  return `{${Object.entries(value as object)
    .map(([k, v]) => `${pythonDumps(k)}: ${pythonDumps(v)}`)
    .join(', ')}}`;
}

/** Token counts of a catalog under the lesson's two serialisations: per tool (in order) and for the whole list. */
export interface CatalogTokens {
  perTool: Array<{ name: string; compact: number; python: number }>;
  total: { compact: number; python: number };
}

/**
 * What the TokenMeter should show for `tools`: each tool projected to what a client puts in a
 * model's context (`name`, `description` when present, `inputSchema`), serialised compactly
 * (`JSON.stringify`) and as Python's `json.dumps` does, and counted with `count` (tokens of a text).
 */
export function catalogTokens(tools: NodeCatalog['tools'], count: (text: string) => number): CatalogTokens {
  const projected = tools.map((tool) => ({ name: tool.name, ...(tool.description !== undefined ? { description: tool.description } : {}), inputSchema: tool.inputSchema }));
  return {
    perTool: projected.map((tool) => ({ name: tool.name, compact: count(JSON.stringify(tool)), python: count(pythonDumps(tool)) })),
    total: { compact: count(JSON.stringify(projected)), python: count(pythonDumps(projected)) },
  };
}
