//@ The capstone's eight stage solutions, in one annotated file: the Checker shows
//@ stage N as stageSource(this file, N) gives it (see ../stage-source.ts). A line
//@ `//@stage 2+` opens a block kept from stage 2 on (`//@stage 5` only in stage 5,
//@ `//@stage 5-6` in stages 5 and 6) and `//@end` closes it; blocks nest. `{{stage}}`
//@ is the stage's number. Lines starting with `//@` never reach a stage.
// my-server.mjs: a 2026-07-28 MCP server over stdio, after stage {{stage}} of the
// Checker. Lines marked "stage N" were added (or changed) by that stage.
// Spec: https://modelcontextprotocol.io/specification/2026-07-28
//id: my-server.mjs: server MCP 2026-07-28 lewat stdio, setelah tahap {{stage}}
//id: dari Checker. Baris bertanda "tahap N" ditambahkan (atau diubah) oleh tahap itu.
//id: Spesifikasi: https://modelcontextprotocol.io/specification/2026-07-28
//@stage 7+
import { createHmac, timingSafeEqual } from 'node:crypto'; // stage 7 //id: tahap 7
//@end
import { createInterface } from 'node:readline';

// Stage 1: every reply is ONE line of JSON on stdout. Logs go to stderr.
//id: Tahap 1: setiap balasan adalah SATU baris JSON di stdout. Log ditulis ke stderr.
function send(message) {
  process.stdout.write(JSON.stringify(message) + '\n');
}

//@stage 2+
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
//@stage 8+
  // Stage 8: an older client opens with initialize; tell it which versions we speak.
  //id: Tahap 8: client lama membuka dengan initialize; beri tahu versi mana saja yang kita pakai.
  if (method === 'initialize') return error(id, -32022, `This server speaks ${VERSION} only`, { supported: [VERSION], requested: params.protocolVersion });
//@end
  if (!Object.hasOwn(METHODS, method)) return error(id, -32601, 'Method not found');
  try {
//@stage 2-3
    return { jsonrpc: '2.0', id, result: METHODS[method](params) };
//@end
//@stage 4+
    const caps = checkMeta(params); // stage 4 //id: tahap 4
    return { jsonrpc: '2.0', id, result: METHODS[method](params, caps) };
//@end
  } catch (e) {
    return error(id, e instanceof RpcError ? e.code : -32603, e.message, e.data);
  }
}

//@end
const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
//@stage 1
  const request = JSON.parse(line);
  // No method is written yet, so every request gets "Method not found".
  //id: Belum ada method yang ditulis, jadi setiap request mendapat "Method not found".
  send({ jsonrpc: '2.0', id: request.id, error: { code: -32601, message: 'Method not found' } });
//@end
//@stage 2+
  if (line.trim() === '') return;
  const reply = handle(line);
  if (reply !== undefined) send(reply);
//@end
});
//@stage 1
// Stage 1: the client closed stdin, so we are done.
//id: Tahap 1: client sudah menutup stdin, jadi tugas kita selesai.
lines.on('close', () => process.exit(0));
//@end
//@stage 2+
lines.on('close', () => process.exit(0)); // stage 1 //id: tahap 1
//@end
//@stage 3+

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
//@end
//@stage 4+

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
//@end
//@stage 5+

// Stage 5: one tool. Adding an event destroys nothing, and the annotation says so.
//id: Tahap 5: satu tool. Menambah acara tidak merusak apa pun, dan anotasinya menyatakan begitu.
CAPABILITIES.tools = {};
const ADD_EVENT = {
  name: 'add_event',
  description: 'Add an event to the calendar. startsAt is an ISO 8601 date-time.',
  inputSchema: { type: 'object', properties: { title: { type: 'string' }, startsAt: { type: 'string', format: 'date-time' } }, required: ['title'] },
  annotations: { destructiveHint: false },
};
const text = (t, isError = false) => ({ resultType: 'complete', content: [{ type: 'text', text: t }], ...(isError ? { isError } : {}) });
//@stage 5
METHODS['tools/list'] = (params) => {
  // The list fits on one page, so a cursor is never one we issued: refuse it.
  //id: Daftarnya muat dalam satu halaman, jadi cursor apa pun pasti bukan buatan kita: cursor itu ditolak.
  if (params.cursor !== undefined) throw new RpcError(-32602, 'Invalid cursor');
  return { resultType: 'complete', tools: [ADD_EVENT], ...CACHE };
};
//@end
//@stage 6+
METHODS['tools/list'] = () => ({ resultType: 'complete', tools: [ADD_EVENT], ...CACHE });
//@end
METHODS['tools/call'] = (params, caps) => {
  if (params.name !== ADD_EVENT.name) throw new RpcError(-32602, `Unknown tool: ${params.name}`);
  const { title, startsAt } = params.arguments ?? {};
  if (typeof title !== 'string') return text('title must be a string', true); // the model can fix this //id: model bisa memperbaikinya sendiri
//@stage 5-6
  return text(`Added "${title}" at ${startsAt ?? 'a time to be agreed'}`);
//@end
//@stage 7+
  if (typeof startsAt === 'string') return text(`Added "${title}" at ${startsAt}`);
  return askForStart(params, caps, title); // stage 7 //id: tahap 7
//@end
};
//@end
//@stage 6+

// Stage 6: a resource and a prompt, each with a list, a read or get, and -32602 when unknown.
//id: Tahap 6: satu resource dan satu prompt, masing-masing dengan list, read atau get, dan -32602 bila tidak dikenal.
CAPABILITIES.resources = {};
CAPABILITIES.prompts = {};
const README = { uri: 'notes://readme', name: 'readme', mimeType: 'text/plain' };
METHODS['resources/list'] = () => ({ resultType: 'complete', resources: [README], ...CACHE });
METHODS['resources/templates/list'] = () => ({ resultType: 'complete', resourceTemplates: [], ...CACHE });
METHODS['resources/read'] = ({ uri }) => {
  if (uri !== README.uri) throw new RpcError(-32602, 'Resource not found', { uri });
  return { resultType: 'complete', contents: [{ uri, mimeType: 'text/plain', text: 'Hello from my server.' }], ...CACHE };
};
METHODS['prompts/list'] = () => ({ resultType: 'complete', prompts: [{ name: 'plan_day', description: 'Plan a day' }], ...CACHE });
METHODS['prompts/get'] = ({ name }) => {
  if (name !== 'plan_day') throw new RpcError(-32602, `Unknown prompt: ${name}`);
  return { resultType: 'complete', messages: [{ role: 'user', content: { type: 'text', text: 'Plan my day.' } }] };
};
// Every list fits on one page, so a cursor is never one we issued: refuse it.
//id: Setiap daftar muat dalam satu halaman, jadi cursor apa pun pasti bukan buatan kita: cursor itu ditolak.
for (const list of ['tools/list', 'resources/list', 'resources/templates/list', 'prompts/list']) {
  const onePage = METHODS[list];
  METHODS[list] = (params, caps) => {
    if (params.cursor !== undefined) throw new RpcError(-32602, 'Invalid cursor');
    return onePage(params, caps);
  };
}
//@end
//@stage 7+

// Stage 7: no startsAt? Ask the person, keeping nothing in memory: what we need
// later travels in requestState, signed so that a client cannot change it.
//id: Tahap 7: tidak ada startsAt? Tanyakan kepada orangnya, tanpa menyimpan apa pun di memori:
//id: yang nanti kita perlukan ikut di requestState, ditandatangani supaya client tidak bisa mengubahnya.
const SECRET = process.env.MY_SERVER_SECRET ?? 'a-secret-only-the-server-knows';
const sign = (body) => createHmac('sha256', SECRET).update(body).digest('hex');
const seal = (value) => {
  const body = Buffer.from(JSON.stringify(value)).toString('base64');
  return `${body}.${sign(body)}`;
};
function unseal(state) {
  const [body = '', mac = ''] = String(state).split('.');
  const good = Buffer.from(sign(body));
  if (Buffer.from(mac).length !== good.length || !timingSafeEqual(Buffer.from(mac), good)) throw new RpcError(-32602, 'Invalid requestState');
  return JSON.parse(Buffer.from(body, 'base64').toString());
}
function askForStart(params, caps, title) {
  if (params.requestState !== undefined) {
    if (unseal(params.requestState).title !== title) throw new RpcError(-32602, 'requestState belongs to another call');
    const answer = params.inputResponses?.startsAt;
    if (answer?.action === 'accept' && typeof answer.content?.startsAt === 'string') return text(`Added "${title}" at ${answer.content.startsAt}`);
  }
  if (typeof caps.elicitation !== 'object') throw new RpcError(-32021, 'add_event needs to ask when', { requiredCapabilities: { elicitation: { form: {} } } });
  const question = { mode: 'form', message: `When does "${title}" start?`, requestedSchema: { type: 'object', properties: { startsAt: { type: 'string', format: 'date-time' } }, required: ['startsAt'] } };
  return { resultType: 'input_required', inputRequests: { startsAt: { method: 'elicitation/create', params: question } }, requestState: seal({ title }) };
}
//@end
