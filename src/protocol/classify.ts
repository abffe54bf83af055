/**
 * Names every message a server sends, so a widget can label it.
 *
 * Results: `resultType` `"complete"` or `"input_required"`; an absent
 * `resultType` is treated as `"complete"` (legacy servers; https://modelcontextprotocol.io/specification/2026-07-28/basic:
 * "clients MUST treat an absent resultType as complete"); any other value is
 * invalid ("A resultType of any value unrecognized by the client MUST be
 * considered invalid"). Errors: named after the spec's table (https://modelcontextprotocol.io/specification/2026-07-28/basic#error-codes).
 */
import type { JsonRpcMessage, RequestId } from './messages.ts';

/**
 * Spec names of the error codes this client knows (https://modelcontextprotocol.io/specification/2026-07-28/basic#error-codes),
 * plus `-32002`, the resource-not-found code of 2025-11-25 and earlier: this
 * revision answers a missing resource with `-32602`, and clients SHOULD still
 * accept `-32002` from older servers
 * (https://modelcontextprotocol.io/specification/2026-07-28/server/resources#error-handling).
 */
export const ERROR_NAMES: Readonly<Record<number, string>> = {
  [-32700]: 'ParseError',
  [-32600]: 'InvalidRequest',
  [-32601]: 'MethodNotFound',
  [-32602]: 'InvalidParams',
  [-32603]: 'InternalError',
  [-32020]: 'HeaderMismatch',
  [-32021]: 'MissingRequiredClientCapability',
  [-32022]: 'UnsupportedProtocolVersion',
  [-32002]: 'ResourceNotFound',
};

/**
 * Codes that prove the server speaks the modern era (https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio
 * probing rule: "a recognized modern JSON-RPC error such as
 * UnsupportedProtocolVersionError"). Only defined in 2026-07-28.
 */
export const RECOGNISED_MODERN_ERROR_CODES: readonly number[] = [-32020, -32021, -32022];

/** The spec name of an error code (see {@link ERROR_NAMES}), or `"ServerError"` (another code in -32099..-32000), or `"ApplicationError"`. */
export function errorName(code: number): string {
  const name = ERROR_NAMES[code];
  if (name) return name;
  if (code >= -32099 && code <= -32000) return 'ServerError';
  return 'ApplicationError';
}

/** True for `-32020`, `-32021` and `-32022`. */
export function isRecognisedModernError(code: number): boolean {
  return RECOGNISED_MODERN_ERROR_CODES.includes(code);
}

/** How a message was classified. `label` is a short human string, e.g. `"-32022 UnsupportedProtocolVersion"`. */
export type Classification =
  | {
      kind: 'complete';
      id: RequestId;
      label: string;
      /** True when `resultType` was absent and `"complete"` was assumed (legacy server). */
      assumed: boolean;
    }
  | { kind: 'input_required'; id: RequestId; label: string }
  | { kind: 'invalid_result'; id: RequestId; label: string; resultType: unknown }
  | {
      kind: 'error';
      id?: RequestId;
      label: string;
      code: number;
      /** The spec name, see {@link errorName}. */
      name: string;
      message: string;
      /** `error.data` as sent (for `-32022`: `{supported, requested}`; for `-32021`: `{requiredCapabilities}`). */
      data?: unknown;
      /** `data.supported` of a `-32022`, when it is a string array. */
      supported?: string[];
      /** `data.requiredCapabilities` of a `-32021`, when it is an object. */
      requiredCapabilities?: Record<string, unknown>;
    }
  | { kind: 'notification'; label: string; method: string }
  | { kind: 'request'; id: RequestId; label: string; method: string }
  | { kind: 'framing_violation'; label: string; reason: string };

/** Options for {@link classifyMessage}. */
export interface ClassifyOptions {
  /** Extra `resultType` values this client understands (e.g. `"task"` with the Tasks extension). */
  knownResultTypes?: readonly string[];
}

/**
 * Classifies one parsed message from a server. Never throws.
 * A server-to-client request is classified as `request` (servers MUST NOT
 * send them in 2026-07-28, https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio, but legacy servers do).
 */
export function classifyMessage(message: JsonRpcMessage, options: ClassifyOptions = {}): Classification {
  const m = message as unknown as Record<string, unknown>;
  if (typeof m.method === 'string') {
    if ('id' in m) return { kind: 'request', id: m.id as RequestId, label: `request ${m.method}`, method: m.method };
    return { kind: 'notification', label: `notification ${m.method}`, method: m.method };
  }
  if ('error' in m) {
    const e = m.error as { code: number; message: string; data?: unknown };
    const name = errorName(e.code);
    const c: Classification = { kind: 'error', label: `${e.code} ${name}`, code: e.code, name, message: e.message };
    if ('id' in m) c.id = m.id as RequestId;
    if ('data' in e) c.data = e.data;
    const data = e.data as Record<string, unknown> | undefined;
    if (e.code === -32022 && data && Array.isArray(data.supported) && data.supported.every((v) => typeof v === 'string')) {
      c.supported = data.supported as string[];
    }
    if (e.code === -32021 && data && data.requiredCapabilities && typeof data.requiredCapabilities === 'object') {
      c.requiredCapabilities = data.requiredCapabilities as Record<string, unknown>;
    }
    return c;
  }
  const id = m.id as RequestId;
  const result = (m.result ?? {}) as Record<string, unknown>;
  if (!('resultType' in result)) return { kind: 'complete', id, label: 'complete (no resultType: legacy)', assumed: true };
  const rt = result.resultType;
  if (rt === 'complete') return { kind: 'complete', id, label: 'complete', assumed: false };
  if (rt === 'input_required') return { kind: 'input_required', id, label: 'input_required' };
  if (typeof rt === 'string' && options.knownResultTypes?.includes(rt)) {
    return { kind: 'complete', id, label: rt, assumed: false };
  }
  return { kind: 'invalid_result', id, label: `invalid resultType ${JSON.stringify(rt)}`, resultType: rt };
}

/** A classification for a stdout line that is not a JSON-RPC message. */
export function framingViolation(reason: string): Classification {
  return { kind: 'framing_violation', label: `framing violation: ${reason}`, reason };
}
