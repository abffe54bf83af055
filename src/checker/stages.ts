/**
 * The eight stages in the order a learner climbs them, with their checks.
 */
import type { CheckDef } from './define.ts';
import { DISCOVER_CHECKS } from './stages/discover.ts';
import { FRAMING_CHECKS } from './stages/framing.ts';
import { HTTP_CHECKS } from './stages/http.ts';
import { JSONRPC_CHECKS } from './stages/jsonrpc.ts';
import { LEGACY_CHECKS } from './stages/legacy.ts';
import { META_CHECKS } from './stages/meta.ts';
import { MRTR_CHECKS } from './stages/mrtr.ts';
import { RESOURCES_PROMPTS_CHECKS } from './stages/resources-prompts.ts';
import { TOOLS_CHECKS } from './stages/tools.ts';
import { CANCELLATION_CHECKS } from './stages/cancellation.ts';
import { ERROR_CODE_CHECKS } from './stages/error-codes.ts';
import { ID_CHECKS } from './stages/ids.ts';
import { OUTPUT_SCHEMA_CHECKS } from './stages/output-schema.ts';
import { PAGINATION_CHECKS, TOOLS_CURSOR_CHECK } from './stages/pagination.ts';
import { DISCOVER_NO_INPUT_CHECK, INPUT_REQUIRED_METHODS_CHECK, RESULT_TYPE_CHECK, TOOLS_LIST_NO_INPUT_CHECK } from './stages/result-types.ts';
import { SUBSCRIPTION_CHECKS } from './stages/subscriptions.ts';
import type { StageId } from './types.ts';

/** A stage: id, English title (and the title it has against a Streamable HTTP server, when that differs), checks. */
export interface StageDef {
  id: StageId;
  title: string;
  httpTitle?: string;
  checks: CheckDef[];
}

/** Every stage, in order. */
export const STAGES: readonly StageDef[] = [
  { id: 'framing', title: 'One JSON message per line', httpTitle: 'One POST per message, with the right status and headers', checks: [...FRAMING_CHECKS, ...HTTP_CHECKS] },
  { id: 'jsonrpc', title: 'JSON-RPC errors and notifications', checks: [...JSONRPC_CHECKS, ...ID_CHECKS, ...ERROR_CODE_CHECKS, ...SUBSCRIPTION_CHECKS, ...CANCELLATION_CHECKS] },
  { id: 'discover', title: 'server/discover', checks: [...DISCOVER_CHECKS, DISCOVER_NO_INPUT_CHECK] },
  { id: 'meta', title: 'Every request judged alone', checks: META_CHECKS },
  { id: 'tools', title: 'Tools', checks: [...TOOLS_CHECKS, RESULT_TYPE_CHECK, TOOLS_LIST_NO_INPUT_CHECK, TOOLS_CURSOR_CHECK, ...OUTPUT_SCHEMA_CHECKS] },
  { id: 'resources-prompts', title: 'Resources and prompts', checks: [...RESOURCES_PROMPTS_CHECKS, ...PAGINATION_CHECKS, INPUT_REQUIRED_METHODS_CHECK] },
  { id: 'mrtr', title: 'A multi round-trip call', checks: MRTR_CHECKS },
  { id: 'legacy', title: 'A legacy client', checks: LEGACY_CHECKS },
];

/** Every check id, in run order. */
export const CHECK_IDS: readonly string[] = STAGES.flatMap((s) => s.checks.map((c) => c.id));
