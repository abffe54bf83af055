/**
 * The measured facts the lessons quote about a real package
 * (`@modelcontextprotocol/server-everything`), gathered with the hand-written
 * client, and the committed file that holds them (`src/data/measured.json`).
 * Written by `npm run measure`; re-measured by `tests/peers/measured.test.ts`,
 * which fails when the file and reality differ. Node only.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SerialisationFigures } from '../protocol/catalog.ts';
import { measureServer, type ServerReport } from './server-report.ts';
import { createO200kTokenizer } from './tiktoken-tokenizer.ts';

/** The repository root (two levels above this file). */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The committed data file, relative to the repository root. */
export const MEASURED_FILE = 'src/data/measured.json';
/** The measured package. */
export const MEASURED_PACKAGE = '@modelcontextprotocol/server-everything';
/** How it is started (relative to the repository root), with this Node binary. */
export const MEASURED_ARGS = ['node_modules/@modelcontextprotocol/server-everything/dist/index.js', 'stdio'];

/** Token figures of one serialisation, trimmed to what lessons quote. Counts are tokens. */
export interface SerialisationFacts {
  total: number;
  sumPerTool: number;
  cheapest: { name: string; tokens: number } | null;
  costliest: { name: string; tokens: number } | null;
  perTool: Record<string, number>;
}

/** Figures that must stay true. Sizes are UTF-8 bytes, counts are items or tokens. */
export interface MeasuredFacts {
  discoverOutcome: string | null;
  discoverErrorCode: number | null;
  era: string | null;
  negotiatedVersion: string | null;
  toolsBeforeHandshake: number | null;
  toolsAfterHandshake: number | null;
  resources: number | null;
  prompts: number | null;
  resourceTemplates: number | null;
  catalogBytes: number | null;
  instructionsBytes: number | null;
  tokens: { python: SerialisationFacts; compact: SerialisationFacts; instructions: number | null } | null;
}

/** The whole data file. */
export interface MeasuredFile {
  $comment: string;
  package: string;
  version: string;
  /** Date of the measurement, `YYYY-MM-DD` (UTC). */
  measuredOn: string;
  node: string;
  tokenizer: string;
  command: string;
  facts: MeasuredFacts;
}

function serialisationFacts(f: SerialisationFigures): SerialisationFacts {
  const pick = (t: { name: string; tokens: number } | undefined) => (t ? { name: t.name, tokens: t.tokens } : null);
  return {
    total: f.total,
    sumPerTool: f.sumPerTool,
    cheapest: pick(f.cheapest),
    costliest: pick(f.costliest),
    perTool: Object.fromEntries(f.perTool.map((t) => [t.name, t.tokens])),
  };
}

/** Reduces a {@link ServerReport} to the facts lessons quote. */
export function factsFromReport(r: ServerReport): MeasuredFacts {
  return {
    discoverOutcome: r.discoverOutcome ?? null,
    discoverErrorCode: r.discoverErrorCode ?? null,
    era: r.era ?? null,
    negotiatedVersion: r.protocolVersion ?? null,
    toolsBeforeHandshake: r.beforeHandshake?.tools ?? null,
    toolsAfterHandshake: r.counts.tools ?? null,
    resources: r.counts.resources ?? null,
    prompts: r.counts.prompts ?? null,
    resourceTemplates: r.counts.resourceTemplates ?? null,
    catalogBytes: r.catalogBytes ?? null,
    instructionsBytes: r.instructionsBytes ?? null,
    tokens: r.tokens
      ? {
          python: serialisationFacts(r.tokens.python),
          compact: serialisationFacts(r.tokens.compact),
          instructions: r.tokens.instructions ?? null,
        }
      : null,
  };
}

/** The installed version of a package, read from its package.json under node_modules. */
export function installedVersion(name: string): string {
  const pkg = JSON.parse(readFileSync(`${REPO_ROOT}node_modules/${name}/package.json`, 'utf8')) as { version: string };
  return pkg.version;
}

/** Runs the real server-everything and returns a fresh data file (not written). */
export async function measureEverything(now = new Date()): Promise<MeasuredFile> {
  const tokenizer = createO200kTokenizer();
  try {
    const report = await measureServer(process.execPath, MEASURED_ARGS, tokenizer, { cwd: REPO_ROOT });
    return {
      $comment: 'Written by `npm run measure` (scripts/measure.ts) from a real run; do not edit by hand. tests/peers/measured.test.ts re-measures it.',
      package: MEASURED_PACKAGE,
      version: installedVersion(MEASURED_PACKAGE),
      measuredOn: now.toISOString().slice(0, 10),
      node: process.version,
      tokenizer: `tiktoken ${installedVersion('tiktoken')}, ${tokenizer.encoding}`,
      command: ['node', ...MEASURED_ARGS].join(' '),
      facts: factsFromReport(report),
    };
  } finally {
    tokenizer.free();
  }
}
