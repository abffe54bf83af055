// my-server.mjs: a 2026-07-28 MCP server over stdio, after stage 1 of the
// Checker. Lines marked "stage N" were added (or changed) by that stage.
// Spec: https://modelcontextprotocol.io/specification/2026-07-28
//id: my-server.mjs: server MCP 2026-07-28 lewat stdio, setelah tahap 1
//id: dari Checker. Baris bertanda "tahap N" ditambahkan (atau diubah) oleh tahap itu.
//id: Spesifikasi: https://modelcontextprotocol.io/specification/2026-07-28
import { createInterface } from 'node:readline';

// Stage 1: every reply is ONE line of JSON on stdout. Logs go to stderr.
//id: Tahap 1: setiap balasan adalah SATU baris JSON di stdout. Log ditulis ke stderr.
function send(message) {
  process.stdout.write(JSON.stringify(message) + '\n');
}

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const request = JSON.parse(line);
  // No method is written yet, so every request gets "Method not found".
  //id: Belum ada method yang ditulis, jadi setiap request mendapat "Method not found".
  send({ jsonrpc: '2.0', id: request.id, error: { code: -32601, message: 'Method not found' } });
});
// Stage 1: the client closed stdin, so we are done.
//id: Tahap 1: client sudah menutup stdin, jadi tugas kita selesai.
lines.on('close', () => process.exit(0));
