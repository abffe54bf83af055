/**
 * The page engine's status, one model for every engine badge, and the
 * reasons it gives: why the page is on the engine it is on, as a code the
 * badge says in the reader's language. `./engine-choice.ts` sets it.
 *
 * ```ts
 * import { engineStatus, reasonText } from '../page/engine-status.ts';
 * engineStatus.value.state;                        // 'idle' until a widget asks for the engine
 * reasonText({ code: 'off' }, 'en');               // the `engine.reason.off` sentence, in English
 * ```
 */
import { signal } from '@preact/signals';
import type { BootFailure, EngineKind } from '../../engines/index.ts';
import { currentLang, t, type Lang, type StringKey } from '../../i18n/index.ts';
import type { engine as engineStrings } from '../../i18n/en/engine.ts';
import { NOT_ISOLATED_REASON, OFF_REASON, type EngineDecision } from '../pure/engine-policy.ts';

/**
 * Why the page is on the engine it is on, as a code plus details: the code
 * names the sentence `engine.reason.<code>` of src/i18n (`en/engine.ts`), and
 * `vars` fill its `{placeholders}` (a nested reason is said in the same
 * language). The badge says it with {@link reasonText}.
 */
export interface EngineReason {
  code: EngineReasonCode;
  vars?: Record<string, string | number | EngineReason>;
}

/** The codes of {@link EngineReason}: every `engine.reason.<code>` key of the strings. */
export type EngineReasonCode = keyof typeof engineStrings extends infer K ? (K extends `engine.reason.${infer C}` ? C : never) : never;

/** `why` said in `lang` (default: the language in force). */
export function reasonText(why: EngineReason, lang: Lang = currentLang()): string {
  const vars: Record<string, string | number> = {};
  for (const [name, v] of Object.entries(why.vars ?? {})) vars[name] = typeof v === 'object' ? reasonText(v, lang) : v;
  return t(`engine.reason.${why.code}` as StringKey, vars, lang);
}

/** An Error whose reason the badge can say in the reader's language; `message` is the reason in the language in force when it was thrown. */
export class EngineReasonError extends Error {
  readonly why: EngineReason;
  constructor(why: EngineReason) {
    super(reasonText(why));
    this.name = 'EngineReasonError';
    this.why = why;
  }
}

/** What the engine badge shows. `why` explains a fallback or failure; `reason` is the same sentence in English (logs, the English lab page). */
export interface EngineStatus {
  /** `idle`: not asked for yet; `loading`: starting or booting; `ready`: `kind` answers; `failed`: no engine at all (see `reason`). */
  state: 'idle' | 'loading' | 'ready' | 'failed';
  kind?: EngineKind;
  /** The reason in English, one sentence (`reasonText(why, 'en')`). */
  reason?: string;
  /** The reason as a code plus details, for saying it in the page's language. */
  why?: EngineReason;
  /** True when the badge may offer "run in real Node" (policy allows it, the page is isolated, not in use, not failed on this page). */
  canUseRealNode: boolean;
  /** True when the engine can put its files back as shipped (it has the optional `reset` capability). */
  canResetFiles: boolean;
}

/** The status before anything happened: what the server-rendered HTML shows. */
export const INITIAL_ENGINE_STATUS: Readonly<EngineStatus> = Object.freeze({ state: 'idle', canUseRealNode: false, canResetFiles: false });

/** The page engine's status, for badges. Starts as {@link INITIAL_ENGINE_STATUS}. */
export const engineStatus = signal<EngineStatus>({ ...INITIAL_ENGINE_STATUS });

/** The current status (for plain scripts: the engine lab page). */
export function getEngineStatus(): EngineStatus {
  return engineStatus.value;
}

/** Subscribes to status changes (called at once with the current status). Returns an unsubscribe function. */
export function onEngineStatus(listener: (status: EngineStatus) => void): () => void {
  return engineStatus.subscribe(listener);
}

/** Which reason says a boot failure (src/engines/webcontainer/boot.ts), by its code. */
const BOOT_REASONS: Record<BootFailure['code'], EngineReasonCode> = {
  'not-isolated': 'bootNotIsolated',
  'no-shared-array-buffer': 'noSharedArrayBuffer',
  offline: 'offline',
  timeout: 'timeout',
  'licence-missing': 'licenceMissing',
  'licence-refused': 'licenceRefused',
  'boot-failed': 'bootFailed',
};

/** Why WebContainer could not start: a boot failure by its code and details; any other error by its message, as it is. */
function bootReason(error: unknown): EngineReason {
  if (error instanceof Error && error.name === 'BootFailure' && 'code' in error && (error.code as string) in BOOT_REASONS) {
    const failure = error as BootFailure;
    const code = failure.code === 'offline' && failure.details?.unreachable ? 'unreachable' : BOOT_REASONS[failure.code];
    const vars: Record<string, string | number> = {};
    if (failure.details?.seconds !== undefined) vars.seconds = failure.details.seconds;
    if (failure.details?.detail !== undefined) vars.detail = failure.details.detail;
    return { code, vars };
  }
  return errorReason(error);
}

/** An error's own words (an EngineReasonError keeps its code). */
function errorReason(error: unknown): EngineReason {
  if (error instanceof EngineReasonError) return error.why;
  return { code: 'other', vars: { detail: error instanceof Error ? error.message : String(error) } };
}

/** The one sentence a reader sees when WebContainer could not start. */
export function fallbackReason(error: unknown): EngineReason {
  return { code: 'fallback', vars: { why: bootReason(error) } };
}

/** The reason of a decision of the policy (engine-policy.ts), as a code. */
export function decisionReason(decision: EngineDecision): EngineReason | undefined {
  if (!decision.reason) return undefined;
  if (decision.reason === OFF_REASON) return { code: 'off' };
  if (decision.reason === NOT_ISOLATED_REASON) return { code: 'notIsolated' };
  return { code: 'other', vars: { detail: decision.reason } };
}
