/**
 * What a tool catalog costs in tokens.
 *
 * A model sees each tool as its name, description and input schema. This
 * module projects every tool to `{name, description, inputSchema}` (in that
 * key order, `inputSchema` verbatim, `$schema` included), serialises it under
 * a named serialisation, and counts tokens with an injected tokenizer (the
 * course uses tiktoken `o200k_base`). Figures: per tool, the whole list as one
 * string, the per-tool sum, the cheapest and costliest tool, and the server
 * `instructions` (raw string).
 *
 * Serialisations: `compact` is `JSON.stringify`; `python` is Python's
 * `json.dumps` defaults (`", "`, `": "`, ensure_ascii), which is how the
 * course's recorded figures for server-everything 2026.8.31 were counted
 * (`src/data/measured.json`, re-measured by `npm run measure`).
 *
 * The tokenizer is synchronous: in the browser, load tiktoken in a Worker and
 * call {@link measureCatalog} there.
 */
import type { JsonObject, Tool } from './messages.ts';
import { pythonJsonDumps } from './python-json.ts';
import { utf8Length } from './utf8.ts';

/** Counts tokens of a text. The course injects tiktoken `o200k_base`: `{ count: (t) => enc.encode(t).length }`. */
export interface Tokenizer {
  count(text: string): number;
}

/** The serialisations the course compares. */
export type SerialisationName = 'compact' | 'python';

/** The serialisers, by name: value in, one-line JSON text out. */
export const SERIALISATIONS: Readonly<Record<SerialisationName, (value: unknown) => string>> = {
  compact: (value) => JSON.stringify(value),
  python: (value) => pythonJsonDumps(value),
};

/** A tool as a model sees it: `{name, description, inputSchema}`, keys in that order. */
export interface ProjectedTool {
  name: string;
  description?: string;
  inputSchema: JsonObject;
}

/**
 * Projects a tool to `{name, description, inputSchema}`. A tool without a
 * description gets no `description` key (rather than `null`).
 */
export function projectTool(tool: Tool): ProjectedTool {
  const p: ProjectedTool = { name: tool.name } as ProjectedTool;
  if (tool.description !== undefined) p.description = tool.description;
  p.inputSchema = tool.inputSchema;
  return p;
}

/** Tokens of one tool. */
export interface ToolTokens {
  name: string;
  /** Tokens of the serialised projection. */
  tokens: number;
  /** UTF-8 bytes of the serialised projection. */
  bytes: number;
}

/** Figures under one serialisation. All counts are tokens unless named bytes. */
export interface SerialisationFigures {
  serialisation: SerialisationName;
  /** Tokens of the whole projected list serialised as one string (brackets and separators included). */
  total: number;
  /** Sum of the per-tool counts (a little less than `total`). */
  sumPerTool: number;
  /** UTF-8 bytes of the whole projected list serialised as one string. */
  bytes: number;
  /** One entry per tool, in catalog order. */
  perTool: ToolTokens[];
  /** The tool with the fewest tokens (first one on ties); absent for an empty catalog. */
  cheapest?: ToolTokens;
  /** The tool with the most tokens (first one on ties); absent for an empty catalog. */
  costliest?: ToolTokens;
}

/** The full measurement of a catalog. */
export interface CatalogFigures {
  toolCount: number;
  /** Tokens of the raw `instructions` string (same under every serialisation); absent when the server gave none. */
  instructions?: number;
  /** UTF-8 bytes of the raw `instructions` string. */
  instructionsBytes?: number;
  compact: SerialisationFigures;
  python: SerialisationFigures;
}

/**
 * Measures a catalog under one serialisation. Pure; throws only what the
 * tokenizer or serialiser throws.
 */
export function measureTools(tools: readonly Tool[], tokenizer: Tokenizer, serialisation: SerialisationName): SerialisationFigures {
  const ser = SERIALISATIONS[serialisation];
  const projected = tools.map(projectTool);
  const perTool = projected.map((p) => {
    const text = ser(p);
    return { name: p.name, tokens: tokenizer.count(text), bytes: utf8Length(text) };
  });
  const whole = ser(projected);
  const figures: SerialisationFigures = {
    serialisation,
    total: tokenizer.count(whole),
    sumPerTool: perTool.reduce((s, t) => s + t.tokens, 0),
    bytes: utf8Length(whole),
    perTool,
  };
  for (const t of perTool) {
    if (!figures.cheapest || t.tokens < figures.cheapest.tokens) figures.cheapest = t;
    if (!figures.costliest || t.tokens > figures.costliest.tokens) figures.costliest = t;
  }
  return figures;
}

/**
 * Measures a catalog under both serialisations, plus the instructions.
 *
 * ```ts
 * const enc = get_encoding('o200k_base');
 * const f = measureCatalog({ tools, instructions }, { count: (t) => enc.encode(t).length });
 * f.python.total; f.python.cheapest?.name; f.instructions;
 * enc.free();
 * ```
 */
export function measureCatalog(input: { tools: readonly Tool[]; instructions?: string }, tokenizer: Tokenizer): CatalogFigures {
  const figures: CatalogFigures = {
    toolCount: input.tools.length,
    compact: measureTools(input.tools, tokenizer, 'compact'),
    python: measureTools(input.tools, tokenizer, 'python'),
  };
  if (typeof input.instructions === 'string') {
    figures.instructions = tokenizer.count(input.instructions);
    figures.instructionsBytes = utf8Length(input.instructions);
  }
  return figures;
}
