/**
 * Why something failed, as data: a code and the values a sentence about it
 * needs. Lower layers (this folder, src/engines, src/checker) keep their
 * English `message` for the CLI and logs, and carry a {@link Failure} beside
 * it so a page can say the same in the reader's language (the components turn
 * `failure.<code>` of src/i18n into a sentence). Nothing here is translated
 * and nothing here imports strings.
 *
 * Values are wire terms, numbers or text the server itself wrote (stderr):
 * never English prose.
 */

/**
 * The codes and their `vars`:
 * - `timeout`: no reply to `method` (id `id`) within `ms` ms.
 * - `exit`: the server process exited with `code`; `signal` instead when it was killed by a signal.
 *   Optional `stderr`: the last thing it wrote there (its own words). Its `cause` says why the engine stopped it.
 * - `flood`: the server wrote more than `limit` bytes to `channel` (stdout/stderr) and was stopped.
 * - `closed`: the client closed the connection. `killed`: the client killed the server process.
 * - `duplicate-id`: id `id` is already in flight.
 * - `engine-kill`: the engine killed the process (a reset or a stop).
 * - `watchdog-output` (`bytes`), `watchdog-start` (`ms`), `watchdog-busy` (`ms`): the Worker engine's watchdog stopped it.
 * - `worker-load` (`detail`, may be empty), `worker-message`: the Worker running the process failed.
 * - `relay-ended`: WebContainer's relay ended (exit `code`) without reporting the server's exit.
 * - `no-shared-version`: the server supports `supported`, the client speaks `client` (comma-separated).
 * - `initialize-version-unknown`: the server answered initialize with `version`, which the client does not speak.
 * - `initialize-failed`: initialize got `outcome` (an error label as on the wire) instead of an InitializeResult.
 * - `retry-unexpected`: the retried server/discover got `outcome`.
 * - `list-failed`: `method` got the error `outcome` (as on the wire).
 * - `http`: a fetch of `what` got HTTP status `status`.
 * - `network`: a fetch of `what` failed before any status (`detail`: the browser's words, may be empty).
 * - `handler-failed`: an HTTP server module's fetch handler threw (`detail`: its own message, may be empty).
 * - `process-ended`: the process serving a fetch handler has ended (its `cause`, when known, says how).
 *
 * The conformance checker's (src/checker/), beside `timeout`, `exit` and `flood` above:
 * - `no-reply`: no reply within `ms` ms.
 * - `check-timeout`: the check did not finish within `ms` ms.
 * - `check-stopped`: the check was stopped (its processes killed). `check-ended`: a process was asked for after the check ended.
 * - `run-stopped`: the reader (or the caller's AbortSignal) stopped the run.
 * - `spawn-failed`: the server could not be started; its `cause` says why.
 * - `spawn-error`: the server could not be started; `detail` is the spawner's own words (e.g. `spawn nope ENOENT`).
 * - `checker-failed`: the checker itself threw (`detail`: the exception's message).
 * - `stopped-answering`: after a line it must survive, the server stopped answering; the `cause` says how.
 * - `crash`: the server process died of an uncaught exception: `error` (its name, e.g. `TypeError`), `message`
 *   (its own words), `file` and `line` (where it was thrown, the file named as the process named it); `code`
 *   or `signal` says how it exited. Its `cause` says why the engine stopped it, when it did.
 *
 * The checker's framing diagnoses (a reply wait ended early: what the server wrote shows the reply cannot
 * come as a line of its own; https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio):
 * - `partial-line`: the server wrote `chars` characters without a newline; `start` is their beginning, quoted.
 * - `line-prefix`: a line began with `prefix` (quoted) before the JSON-RPC message it carries (a banner or
 *   log written to stdout without its newline).
 * - `multi-line-reply`: the awaited reply was spread over `lines` lines (pretty-printed JSON).
 *   `multi-line`: another message was.
 * - `wrong-id`: a reply came under id `got`, which was never sent; the request had id `sent` (both as JSON).
 * - `notifications-only`: the server sent `count` notifications (`notification`: their methods) but no reply
 *   to `method` (id `id`).
 * - `server-request`: the server wrote a JSON-RPC request (`method`, id `id`) to stdout.
 * - `notification-flood`: the server wrote `count` notifications (mostly `method`) and no reply; it was stopped.
 * - `junk-flood`: the server wrote `count` lines that are not JSON (`first`: the first, quoted) and no
 *   reply; it was stopped.
 */
export type FailureCode =
  | 'timeout'
  | 'exit'
  | 'flood'
  | 'closed'
  | 'killed'
  | 'duplicate-id'
  | 'engine-kill'
  | 'watchdog-output'
  | 'watchdog-start'
  | 'watchdog-busy'
  | 'worker-load'
  | 'worker-message'
  | 'relay-ended'
  | 'no-shared-version'
  | 'initialize-version-unknown'
  | 'initialize-failed'
  | 'retry-unexpected'
  | 'list-failed'
  | 'http'
  | 'network'
  | 'handler-failed'
  | 'process-ended'
  | 'no-reply'
  | 'check-timeout'
  | 'check-stopped'
  | 'check-ended'
  | 'run-stopped'
  | 'spawn-failed'
  | 'spawn-error'
  | 'checker-failed'
  | 'stopped-answering'
  | 'crash'
  | 'partial-line'
  | 'line-prefix'
  | 'multi-line-reply'
  | 'multi-line'
  | 'wrong-id'
  | 'notifications-only'
  | 'server-request'
  | 'notification-flood'
  | 'junk-flood';

/** A failure as data (see {@link FailureCode}); `cause` is the failure underneath, when there is one. */
export interface Failure {
  code: FailureCode;
  vars: Record<string, string | number>;
  cause?: Failure;
}

/** Builds a {@link Failure}, leaving out `cause` when there is none. */
export function failure(code: FailureCode, vars: Failure['vars'] = {}, cause?: Failure): Failure {
  return cause ? { code, vars, cause } : { code, vars };
}

/** True when `value` looks like a {@link Failure} (e.g. after a structured clone from a Worker). */
export function isFailure(value: unknown): value is Failure {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.code === 'string' && !!v.vars && typeof v.vars === 'object';
}

/**
 * An Error that carries a {@link Failure}: `message` is the English sentence
 * for logs and the command line, `failure` the same as data for a page (the
 * components' `errorText` says it in the reader's language).
 */
export class FailureError extends Error {
  readonly failure: Failure;
  constructor(message: string, why: Failure) {
    super(message);
    this.name = 'FailureError';
    this.failure = why;
  }
}
