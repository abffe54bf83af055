// relay.mjs: runs inside WebContainer (plain Node ESM, no dependencies).
//
// WebContainer gives a spawned process ONE pseudo-terminal: stdout and stderr
// arrive merged, the terminal echoes what is typed, and "\n" becomes "\r\n".
// A toy server's stdout must reach the page byte for byte and apart from its
// stderr, so the page never spawns a server directly: it spawns
//
//   node relay.mjs <entry> [args...]
//
// and this relay runs `node <entry> [args...]` as a child with real pipes and
// re-emits everything in frames, one per terminal line, that survive the
// terminal:
//
//   O <base64>\n      bytes the server wrote to stdout
//   E <base64>\n      bytes the server wrote to stderr
//   X <code> <signal>\n  the server exited (code is a number or "null", signal a name or "-")
//   R <mode>\n        the relay is ready; mode "raw" (the terminal no longer echoes input)
//                     or "cooked" (it does: the page removes the echo of what it sent)
//
// Input comes the same way, one frame per line on the relay's stdin:
//
//   I <base64>\n      bytes for the server's stdin (any bytes, newlines included)
//   C\n               close the server's stdin (EOF)
//   K\n               kill the server (SIGKILL)
//
// Lines that are not frames (the terminal's echo of our own input frames,
// stray carriage returns) are ignored by both sides. When stdin is a
// terminal, the relay switches it to raw mode (no echo, no line editing) and
// long input frames may arrive in pieces; both are handled. Set
// MCP_RELAY_COOKED=1 to keep the terminal's cooked mode (used by tests).
import { spawn } from 'node:child_process';

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  process.stderr.write('usage: node relay.mjs <entry> [args...]\n');
  process.exit(2);
}

// Raw mode first, so that no echo of our input can land inside an output frame once the server runs.
let mode = 'cooked';
if (process.stdin.isTTY && process.env.MCP_RELAY_COOKED !== '1' && typeof process.stdin.setRawMode === 'function') {
  process.stdin.setRawMode(true);
  mode = 'raw';
}
process.stdout.write(`R ${mode}\n`);

const child = spawn(process.execPath, [entry, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
const frame = (kind, bytes) => process.stdout.write(`${kind} ${Buffer.from(bytes).toString('base64')}\n`);
let pendingOutput = 2;
let exitInfo;
const finish = () => {
  if (pendingOutput > 0 || !exitInfo) return;
  process.stdout.write(`X ${exitInfo.code ?? 'null'} ${exitInfo.signal ?? '-'}\n`, () => process.exit(0));
};
child.stdout.on('data', (chunk) => frame('O', chunk));
child.stderr.on('data', (chunk) => frame('E', chunk));
child.stdout.on('end', () => {
  pendingOutput--;
  finish();
});
child.stderr.on('end', () => {
  pendingOutput--;
  finish();
});
child.on('exit', (code, signal) => {
  exitInfo = { code, signal };
  finish();
});
child.on('error', (error) => {
  process.stdout.write(`E ${Buffer.from(`relay: cannot start ${entry}: ${error.message}\n`).toString('base64')}\n`);
  process.stdout.write('X 1 -\n', () => process.exit(0));
});
child.stdin.on('error', () => {
  // EPIPE after the server exited: input to an exited process is dropped.
});

let buffered = '';
process.stdin.setEncoding('latin1');
process.stdin.on('data', (text) => {
  buffered += text;
  const lines = buffered.split(/\r\n|\n|\r/);
  buffered = lines.pop() ?? '';
  for (const line of lines) handle(line);
});
process.stdin.on('end', () => {
  if (buffered) handle(buffered);
  if (!child.stdin.destroyed) child.stdin.end();
});

function handle(line) {
  const m = /^([ICK])(?: ([A-Za-z0-9+/=]*))?$/.exec(line.trim());
  if (!m) return;
  if (m[1] === 'I') child.stdin.write(Buffer.from(m[2] ?? '', 'base64'));
  else if (m[1] === 'C') child.stdin.end();
  else child.kill('SIGKILL');
}

