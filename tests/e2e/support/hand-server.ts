/**
 * The source of a modern stdio server written by hand (no course module): it
 * reads one JSON-RPC request per line, answers `server/discover` with
 * `discover` and every other request with `other` (both JavaScript
 * expressions, as source text, evaluated per request), ignores
 * notifications, and exits when stdin ends. `prelude` is source placed before
 * (constants the two expressions use). Tests run it as a reader's edit in a
 * ServerEditor.
 */
export function handServer(discover: string, other: string, prelude = ''): string {
  return `${prelude}let buf = '';
process.stdin.on('data', (chunk) => {
  buf += chunk;
  let i;
  while ((i = buf.indexOf('\\n')) >= 0) {
    const m = JSON.parse(buf.slice(0, i));
    buf = buf.slice(i + 1);
    if (m.id === undefined) continue;
    const result = m.method === 'server/discover'
      ? ${discover}
      : ${other};
    process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result }) + '\\n');
  }
});
process.stdin.on('end', () => process.exit(0));
`;
}
