/**
 * Looks up and words a figure of `src/data/measured.json` for MeasuredFacts:
 * the value, where it comes from (package, version, date; tokenizer for
 * token counts), and the one provenance note a page with figures carries.
 */

/** The shape of measured.json that this module reads. */
export interface MeasuredFile {
  package: string;
  version: string;
  measuredOn: string;
  tokenizer?: string;
  /** Node.js version the measurement ran on, e.g. `v24.21.0`. */
  node?: string;
  facts: Record<string, unknown>;
}

/** The value at dotted `path` under `facts`. Throws an Error naming the path when there is none (fails the build). */
export function lookupFact(file: MeasuredFile, path: string): unknown {
  let v: unknown = file.facts;
  for (const key of path.split('.')) {
    if (!v || typeof v !== 'object' || !Object.hasOwn(v, key)) {
      throw new Error(`MeasuredFacts: no fact "${path}" in src/data/measured.json (known: ${Object.keys(file.facts).join(', ')})`);
    }
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

/**
 * Words a value: numbers with thousands separators (`1,307`), a `{name, tokens}`
 * pair as `get-tiny-image (52 tokens)`, strings as they are, anything else as JSON;
 * and the source, e.g. `@modelcontextprotocol/server-everything 2026.8.31, measured 2026-11-30`.
 */
export function describeFact(file: MeasuredFile, path: string, value: unknown): { text: string; source: string } {
  let text: string;
  if (typeof value === 'number') text = value.toLocaleString('en-US');
  else if (typeof value === 'string') text = value;
  else if (value && typeof value === 'object' && 'name' in value && 'tokens' in value) {
    const v = value as { name: string; tokens: number };
    text = `${v.name} (${v.tokens.toLocaleString('en-US')} tokens)`;
  } else text = JSON.stringify(value);
  const tokenizer = path.startsWith('tokens.') && file.tokenizer ? `, counted with ${file.tokenizer}` : '';
  return { text, source: `${file.package} ${file.version}, measured ${file.measuredOn}${tokenizer}` };
}

/**
 * The provenance note of a page that shows measured figures, in two parts: a
 * short title and one sentence naming the package, its version, the date, the
 * Node version and the tokenizer (when known). Pure; never throws.
 * Example text: `@modelcontextprotocol/server-everything 2026.8.31, run on Node v24.21.0
 * and measured on 2026-11-30; token counts use tiktoken 1.0.22, o200k_base. ...`
 */
export function describeProvenance(file: MeasuredFile): { title: string; text: string } {
  const node = file.node ? ` on Node ${file.node}` : '';
  const tokens = file.tokenizer ? `; token counts use ${file.tokenizer}` : '';
  return {
    title: 'Where the measured figures come from:',
    text:
      `${file.package} ${file.version}, run${node} and measured on ${file.measuredOn}${tokens}. ` +
      'npm run measure repeats the measurement, and the course\'s tests fail when the figures and the package disagree.',
  };
}
