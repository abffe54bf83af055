/**
 * English strings of the failure area (keys `failure.*`): what went wrong
 * below the widgets, said from the codes the lower layers carry
 * (src/protocol/failure.ts, `Failure`): a request with no reply, a process
 * that exited or was stopped, a probe with no shared version, a download that
 * failed. `failure.<code>` is one code; `failure.what.<asset>` names what a
 * download was for. Wire terms (method names, HTTP, stderr, signal names) stay
 * as they are. The components say them with `failureText`
 * (src/components/pure/failure-text.ts).
 */
export const failure = {
  'failure.timeout': 'no reply to {method} (id {id}) within {ms} ms',
  'failure.exit': 'the server process exited with code {code}',
  'failure.exitSignal': 'the server process was killed by {signal}',
  'failure.withStderr': '{what}; last stderr: {stderr}',
  'failure.because': '{what} ({why})',
  'failure.flood': 'the server wrote more than {limit} bytes to {channel}; it was stopped',
  'failure.closed': 'the client closed the connection',
  'failure.killed': 'the client killed the server process',
  'failure.duplicate-id': 'id {id} is already in flight',
  'failure.engine-kill': 'killed by the engine',
  'failure.watchdog-output': 'stopped by the watchdog: wrote more than {bytes} bytes of output',
  'failure.watchdog-start': 'stopped by the watchdog: the process did not start within {ms} ms',
  'failure.watchdog-busy': 'stopped by the watchdog: busy for more than {ms} ms without yielding (an endless loop?)',
  'failure.worker-load': 'the Worker running the process failed to load',
  'failure.worker-message': 'a message from the Worker could not be read',
  'failure.relay-ended': "the relay ended without reporting the server's exit (relay exit code {code})",
  'failure.no-shared-version': 'no shared version: the server supports {supported}; this client speaks {client}',
  'failure.initialize-version-unknown': 'the server answered initialize with {version}, which this client does not speak',
  'failure.initialize-failed': 'initialize failed: {outcome}',
  'failure.retry-unexpected': 'unexpected answer to the retried server/discover: {outcome}',
  'failure.list-failed': '{method} failed: {outcome}',
  'failure.http': 'could not load {what} (HTTP {status})',
  'failure.network': 'could not load {what}: the network request failed',
  'failure.handler-failed': "the server's fetch handler failed: {detail}",
  'failure.process-ended': 'the process serving the fetch handler has ended',
  'failure.no-reply': 'no reply within {ms} ms',
  'failure.check-timeout': 'the check did not finish within {ms} ms',
  'failure.check-stopped': 'the check was stopped',
  'failure.check-ended': 'the check has ended',
  'failure.run-stopped': 'the run was stopped',
  'failure.spawn-failed': 'the server could not be started',
  'failure.spawn-error': 'the server could not be started: {detail}',
  'failure.checker-failed': 'the checker itself failed: {detail}',
  'failure.stopped-answering': 'after the bad line the server stopped answering',
  'failure.crash': 'the server process crashed: {error}: {message} at {file}:{line}',
  'failure.partial-line': 'the server wrote {chars} characters without a newline: {start}; each message must end with \\n',
  'failure.line-prefix': 'a line started with {prefix} before the JSON message (a banner or log written to stdout without a newline)',
  'failure.multi-line-reply': 'the reply was spread over {lines} lines (pretty-printed JSON); a message must be one line: JSON.stringify(reply) with no indent',
  'failure.multi-line': 'a JSON-RPC message was spread over {lines} lines (pretty-printed JSON); a message must be one line: JSON.stringify(message) with no indent',
  'failure.wrong-id': 'a reply came under id {got}, which was never sent (the request had id {sent})',
  'failure.notifications-only': 'the server sent {count} notification(s) ({notification}) but no reply to {method} (id {id})',
  'failure.server-request': 'the server wrote a JSON-RPC request to stdout ({method}, id {id}); servers must not send requests: ask with input_required instead',
  'failure.notification-flood': 'a notification flood: the server wrote {count} {method} notifications and no reply; it was stopped',
  'failure.junk-flood': 'a flood of {count} lines that are not JSON, the first {first}, and no reply; it was stopped',
  'failure.what.server': "the server's module",
  'failure.what.wasm': "the tokenizer's WASM",
  'failure.what.ranks': "the tokenizer's ranks",
  'failure.what.file': 'a file',
  'failure.probeFailed': 'the era probe failed',
  'failure.tokenizerWorker': 'the tokenizer Worker failed to start',
  'failure.unknown': 'something went wrong',
  'failure.message': '{message}',
} as const;
