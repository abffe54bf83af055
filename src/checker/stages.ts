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
  { id: 'jsonrpc', title: 'JSON-RPC errors and notifications', checks: JSONRPC_CHECKS },
  { id: 'discover', title: 'server/discover', checks: DISCOVER_CHECKS },
  { id: 'meta', title: 'Every request judged alone', checks: META_CHECKS },
  { id: 'tools', title: 'Tools', checks: TOOLS_CHECKS },
  { id: 'resources-prompts', title: 'Resources and prompts', checks: RESOURCES_PROMPTS_CHECKS },
  { id: 'mrtr', title: 'A multi round-trip call', checks: MRTR_CHECKS },
  { id: 'legacy', title: 'A legacy client', checks: LEGACY_CHECKS },
];

/** Every check id, in run order. */
export const CHECK_IDS: readonly string[] = STAGES.flatMap((s) => s.checks.map((c) => c.id));
