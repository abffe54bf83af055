/**
 * Stage 1 over Streamable HTTP: the transport's own rules (one POST
 * endpoint, JSON or SSE replies, 202 for a notification, the headers checked
 * against the body, 405, Origin validation).
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http
 */
import type { CheckDef } from '../define.ts';

export const HTTP_CHECKS: CheckDef[] = [];
