/**
 * starter.mjs: the first lines of your own MCP server (revision 2026-07-28,
 * stdio transport). It reads what a client writes and answers nothing yet.
 *
 * A client starts this file as a process and writes one JSON-RPC message per
 * line to its stdin. Where to start (the Checker runs its stages in order):
 *   1. Parse each line with JSON.parse and write exactly one reply per
 *      request, as ONE line of JSON on stdout:
 *        process.stdout.write(JSON.stringify(reply) + '\n');
 *      Logs go to stderr (console.error), never to stdout.
 *   2. Exit when stdin closes (readline's 'close' event).
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio
 */
/**id:
 * starter.mjs: baris-baris pertama server MCP Anda sendiri (revisi 2026-07-28,
 * transport stdio). Server ini membaca apa yang ditulis client, tetapi belum
 * menjawab apa pun.
 *
 * Client menjalankan file ini sebagai proses dan menulis satu pesan JSON-RPC
 * per baris ke stdin-nya. Dari mana memulai (Checker menjalankan tahapnya
 * berurutan):
 *   1. Parse setiap baris dengan JSON.parse, lalu tulis tepat satu balasan
 *      untuk setiap request, sebagai SATU baris JSON di stdout:
 *        process.stdout.write(JSON.stringify(reply) + '\n');
 *      Log ditulis ke stderr (console.error), tidak pernah ke stdout.
 *   2. Keluar ketika stdin ditutup (event 'close' dari readline).
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio
 */
import { createInterface } from 'node:readline';

const lines = createInterface({ input: process.stdin });

lines.on('line', (line) => {
  // Start here: nothing is answered yet. This log goes to stderr, which a
  // client shows to a person and never reads as protocol.
  //id: Mulai di sini: belum ada yang dijawab. Log ini ditulis ke stderr, yang
  //id: ditampilkan client kepada orang dan tidak pernah dibaca sebagai protokol.
  console.error(`starter received ${line.length} characters`);
});
