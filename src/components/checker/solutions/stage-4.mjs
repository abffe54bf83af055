// my-server.mjs: a 2026-07-28 MCP server over stdio, after stage 4 of the
// Checker. Lines marked "stage N" were added (or changed) by that stage.
// Spec: https://modelcontextprotocol.io/specification/2026-07-28
//id: my-server.mjs: server MCP 2026-07-28 lewat stdio, setelah tahap 4
//id: dari Checker. Baris bertanda "tahap N" ditambahkan (atau diubah) oleh tahap itu.
//id: Spesifikasi: https://modelcontextprotocol.io/specification/2026-07-28
import { createInterface } from 'node:readline';

// Stage 1: every reply is ONE line of JSON on stdout. Logs go to stderr.
//id: Tahap 1: setiap balasan adalah SATU baris JSON di stdout. Log ditulis ke stderr.
function send(message) {
  process.stdout.write(JSON.stringify(message) + '\n');
}

// Stage 2: an error reply; the id is left out when it could not be read.
//id: Tahap 2: balasan error; id tidak disertakan bila tidak bisa dibaca.
function error(id, code, message, data) {
  return { jsonrpc: '2.0', ...(id === undefined ? {} : { id }), error: { code, message, ...(data === undefined ? {} : { data }) } };
}
// Stage 2: a handler throws an RpcError to answer with that error.
//id: Tahap 2: handler melempar RpcError untuk menjawab dengan error itu.
class RpcError extends Error {
  constructor(code, message, data) {
    super(message);
    this.code = code;
    this.data = data;
  }
}
const METHODS = {}; // stage 2: method name -> (params, clientCapabilities) => result //id: tahap 2: nama method -> (params, clientCapabilities) => result

// Stage 2: one line in, one reply out (or none, for a notification).
//id: Tahap 2: satu baris masuk, satu balasan keluar (atau tanpa balasan, untuk notifikasi).
function handle(line) {
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return error(undefined, -32700, 'Parse error');
  }
  // A batch (an array), a null id or a missing "jsonrpc" is not a request MCP serves.
  //id: Batch (sebuah array), id null, atau tanpa "jsonrpc": semua itu bukan request menurut MCP.
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return error(undefined, -32600, 'Invalid Request');
  if (!('id' in message)) return undefined; // a notification: never answered //id: notifikasi: tidak pernah dijawab
  const { id, method, params = {} } = message;
  if ((typeof id !== 'string' && !Number.isInteger(id)) || message.jsonrpc !== '2.0') return error(undefined, -32600, 'Invalid Request');
  if (!Object.hasOwn(METHODS, method)) return error(id, -32601, 'Method not found');
  try {
    const caps = checkMeta(params); // stage 4 //id: tahap 4
    return { jsonrpc: '2.0', id, result: METHODS[method](params, caps) };
  } catch (e) {
    return error(id, e instanceof RpcError ? e.code : -32603, e.message, e.data);
  }
}

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  if (line.trim() === '') return;
  const reply = handle(line);
  if (reply !== undefined) send(reply);
});
lines.on('close', () => process.exit(0)); // stage 1 //id: tahap 1

// Stage 3: server/discover says who we are, what we speak and what we offer.
//id: Tahap 3: server/discover memberi tahu siapa kita, versi yang kita pakai, dan apa yang kita tawarkan.
const VERSION = '2026-07-28';
const CACHE = { ttlMs: 300000, cacheScope: 'public' }; // clients may keep lists and discover for 5 minutes //id: client boleh menyimpan daftar dan discover selama 5 menit
const CAPABILITIES = {}; // stage 5 adds tools, stage 6 resources and prompts //id: tahap 5 menambah tools, tahap 6 resources dan prompts
METHODS['server/discover'] = () => ({
  resultType: 'complete',
  supportedVersions: [VERSION],
  capabilities: CAPABILITIES,
  ...CACHE,
  _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'my-server', version: '1.0.0' } },
});

// Stage 4: every request carries its own version and capabilities; judge each alone.
//id: Tahap 4: setiap request membawa versi dan capabilities-nya sendiri; masing-masing dinilai tersendiri.
function checkMeta(params) {
  const meta = params._meta ?? {};
  const version = meta['io.modelcontextprotocol/protocolVersion'];
  if (typeof version !== 'string') throw new RpcError(-32602, 'Missing _meta protocolVersion');
  if (version !== VERSION) throw new RpcError(-32022, 'Unsupported protocol version', { supported: [VERSION], requested: version });
  const caps = meta['io.modelcontextprotocol/clientCapabilities'];
  if (typeof caps !== 'object' || caps === null) throw new RpcError(-32602, 'Missing _meta clientCapabilities');
  return caps;
}
