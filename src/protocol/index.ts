/**
 * The hand-written MCP 2026-07-28 client: pure TypeScript, no DOM, no Node
 * built-ins. Runs in the page, in Web Workers and in Node (type stripping).
 * Import from the individual modules or from here.
 */
export * from './messages.ts';
export * from './parse-message.ts';
export * from './line-decoder.ts';
export * from './request-builder.ts';
export * from './classify.ts';
export * from './utf8.ts';
export * from './connection.ts';
export * from './failure.ts';
export * from './probe.ts';
export * from './hazard.ts';
export * from './list-all.ts';
export * from './mrtr.ts';
export * from './python-json.ts';
export * from './catalog.ts';
export * from './authorization.ts';
