/**
 * Checks shared by the server tests: replies matched to the lines that caused
 * them, each validated by the rules of the spec (not by comparison with what a
 * server printed before).
 */
import { expect } from 'vitest';
import { expectsReply } from './cases.ts';
import { assertErrorResponse, assertLegacyResult, assertModernResult } from './validate.ts';

type Msg = Record<string, any>;

/**
 * The id a reply must carry for an input line: the request's id if it is a
 * string or an integer the server can echo exactly (a safe integer, or one
 * beyond 2^53 written in plain digits), else none. Big ids come back parsed
 * the same lossy way as the reply's, so they compare equal.
 */
export function replyIdFor(text: string): string | number | undefined {
  try {
    let source: string | undefined;
    const v = JSON.parse(text.endsWith('\r') ? text.slice(0, -1) : text, function (this: unknown, key: string, value: unknown, context?: { source?: string }) {
      if (key === 'id' && this !== null && typeof value === 'number') source = context?.source;
      return value;
    });
    const id = v?.id;
    if (typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id))) return id;
    return typeof id === 'number' && /^-?(0|[1-9][0-9]*)$/.test(source ?? '') ? id : undefined;
  } catch {
    return undefined;
  }
}

function methodOf(text: string): string | undefined {
  try {
    const m = JSON.parse(text.endsWith('\r') ? text.slice(0, -1) : text)?.method;
    return typeof m === 'string' ? m : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Pairs input lines with replies (servers answer in order, one reply per line
 * that needs one), checks ids, and validates each reply for its era.
 * Returns a map from request id to reply (ids must be unique in `inputs`).
 */
export function pairAndValidate(inputs: string[], replies: Msg[], era: 'modern' | 'legacy'): Map<string | number, Msg> {
  const answered = inputs.filter(expectsReply);
  expect(replies.length, 'one reply per request, none for notifications').toBe(answered.length);
  const byId = new Map<string | number, Msg>();
  answered.forEach((input, i) => {
    const reply = replies[i];
    const id = replyIdFor(input);
    if (id === undefined) expect('id' in reply, `reply to ${input.slice(0, 80)} has no id`).toBe(false);
    else expect(reply.id, `reply id for ${input.slice(0, 80)}`).toEqual(id);
    if ('error' in reply) {
      assertErrorResponse(reply, era === 'modern' ? '2026-07-28' : '2025-11-25');
    } else {
      const method = methodOf(input);
      if (method === undefined) throw new Error(`a result for a line without method: ${input}`);
      if (era === 'modern') assertModernResult(method, reply.result);
      else assertLegacyResult(method, reply.result);
    }
    if (id !== undefined) byId.set(id, reply);
  });
  return byId;
}

/** Asserts an error reply with `code`; returns its error object. */
export function expectError(reply: Msg | undefined, code: number): Msg {
  expect(reply, 'a reply').toBeDefined();
  expect(reply!.error, `error reply, got ${JSON.stringify(reply).slice(0, 300)}`).toBeDefined();
  expect(reply!.error.code).toBe(code);
  return reply!.error;
}

/** Asserts a result reply; returns the result. */
export function expectResult(reply: Msg | undefined): Msg {
  expect(reply, 'a reply').toBeDefined();
  expect(reply!.result, `result reply, got ${JSON.stringify(reply).slice(0, 300)}`).toBeDefined();
  return reply!.result;
}

/** Asserts that stderr held exactly one line (the start-up line). */
export function expectOneStderrLine(stderr: string): void {
  expect(stderr.endsWith('\n')).toBe(true);
  expect(stderr.slice(0, -1).split('\n'), `stderr: ${stderr}`).toHaveLength(1);
}
