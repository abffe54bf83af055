/**
 * The hand-written MCP 2026-07-28 client: pure TypeScript, no DOM, no Node
 * built-ins. Runs in the page, in Web Workers and in Node (type stripping).
 *
 * This is the door for code above the protocol (the widgets in
 * `src/components/`, which import the protocol only from here): the names
 * they use, and nothing more. The protocol's own modules, the engines and the
 * checker import the individual modules, each the part they need.
 */
export type { ClientCapabilities, ElicitResult, Era, JsonObject, JsonRpcNotification, JsonRpcRequest, RequestId, Tool } from './messages.ts';
export { META_CLIENT_CAPABILITIES, META_PROTOCOL_VERSION } from './messages.ts';
export { isRequestId, parseMessageLine } from './parse-message.ts';
export { RequestBuilder } from './request-builder.ts';
export { classifyMessage, type Classification } from './classify.ts';
export { Connection, ConnectionError, type Reply, type TranscriptEntry } from './connection.ts';
export { failure, isFailure, type Failure } from './failure.ts';
export { probeEra, type ProbeBranch, type ProbeOptions, type ProbeReport, type ProbeStep } from './probe.ts';
export { sendWithoutHandshake, type HazardResult } from './hazard.ts';
export { listAll } from './list-all.ts';
export { measureCatalog, type CatalogFigures, type SerialisationName } from './catalog.ts';
export { retryRequest } from './mrtr.ts';
