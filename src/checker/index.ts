/**
 * The conformance checker: stages of checks against any stdio MCP server, or
 * a Streamable HTTP one through `httpSpawner` (revision 2026-07-28), handed a
 * spawn function so it runs in the page and in Node alike. Depends on
 * `src/protocol` only: the words of each check (its rule, expectation, fix)
 * come from the string tables through `withWords`.
 */
export * from './types.ts';
export { runChecks, stageStatus } from './run.ts';
export { STAGES, CHECK_IDS, type StageDef } from './stages.ts';
export { formatReport } from './format.ts';
export { withWords, type CheckWordsOf } from './words.ts';
export { SPEC_URLS } from './spec-urls.ts';
