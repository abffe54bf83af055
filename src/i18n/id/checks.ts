/**
 * Kata-kata setiap pemeriksaan checker dalam bahasa Indonesia, dengan kunci id
 * pemeriksaan (`framing.stdout-only`, `meta.unknown-version`, ...). Versi
 * bahasa Inggrisnya hanya ada di satu tempat, di definisi pemeriksaan
 * (src/checker/stages/), karena CLI `npm run check-server` juga mencetaknya;
 * widget Checker di halaman berbahasa Indonesia memakai tabel ini.
 *
 * Yang tidak diterjemahkan: kode error, nama method, nama field, potongan
 * JSON, perintah (byte wire tetap seperti di spesifikasi). Yang diterjemahkan:
 * prosa di sekitarnya. tests/unit/checker/words.test.ts gagal bila sebuah id
 * pemeriksaan tidak punya entri di sini (atau ada entri untuk id yang tidak
 * ada), dan bila sebuah istilah wire dari versi Inggris hilang di terjemahan.
 *
 * https://modelcontextprotocol.io/specification/2026-07-28
 */

/** Kata-kata satu pemeriksaan: judul aturan, apa yang diharapkan, dan satu kalimat cara memperbaikinya. */
export interface CheckWords {
  rule: string;
  expected: string;
  hint: string;
}

/** Kata-kata setiap pemeriksaan, dengan kunci id pemeriksaan (lihat `CHECK_IDS` di src/checker). */
export const checks: Readonly<Record<string, CheckWords>> = {
  'framing.stdout-only': {
    rule: 'Hanya pesan JSON-RPC yang boleh ada di stdout',
    expected: 'Setiap baris yang ditulis server ke stdout adalah satu pesan JSON-RPC; log, banner, dan cetakan debug masuk ke stderr.',
    hint: 'Tulis log dengan console.error (stderr), jangan pernah dengan console.log: stdout hanya membawa pesan protokol, satu per baris.',
  },
  'framing.one-reply': {
    rule: 'Tepat satu balasan untuk setiap request, dalam satu baris, dengan id request itu',
    expected: 'Dua request yang ditulis berturut-turut masing-masing mendapat tepat satu response, masing-masing di barisnya sendiri dengan id request-nya.',
    hint: 'Pecah stdin di "\\n", tangani setiap baris sendiri-sendiri, dan tulis setiap balasan sebagai JSON.stringify(reply) + "\\n" dengan id yang disalin dari request-nya.',
  },
  'framing.exit-on-eof': {
    rule: 'Keluar ketika stdin ditutup',
    expected: 'Setelah stdin ditutup, server menuntaskan pekerjaannya dan keluar dengan kode 0 dalam beberapa detik.',
    hint: "Dengarkan akhir stdin (process.stdin.on('end', ...)) dan keluar dengan process.exit(0) setelah balasan terakhir ditulis.",
  },
  'jsonrpc.parse-error': {
    rule: 'JSON yang rusak mendapat -32700 Parse error, dan server tetap berjalan',
    expected: 'Baris yang bukan JSON dijawab dengan error -32700 tanpa id (id-nya tidak bisa dibaca); request berikutnya dijawab seperti biasa.',
    hint: 'Bungkus JSON.parse dengan try/catch; bila gagal, tulis {"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"}} lalu lanjutkan ke baris berikutnya.',
  },
  'jsonrpc.null-id': {
    rule: 'Request dengan id null mendapat -32600 Invalid Request',
    expected: 'Request yang id-nya null tidak dilayani; request itu dijawab dengan error -32600 tanpa id.',
    hint: 'Sebelum melayani request, periksa bahwa id-nya berupa string atau integer; jika bukan, jawab -32600 tanpa id.',
  },
  'jsonrpc.batch': {
    rule: 'Batch (array JSON) mendapat -32600 Invalid Request',
    expected: 'Di MCP, array JSON bukan pesan: array itu mendapat satu error -32600, dan tidak satu pun request di dalamnya dilayani.',
    hint: 'Setelah JSON.parse, jawab -32600 bila nilainya bukan objek biasa (termasuk bila Array.isArray(value)).',
  },
  'jsonrpc.notification-silent': {
    rule: 'Notification tidak dibalas',
    expected: 'Pesan tanpa id (notification, termasuk yang tidak dikenal) tidak pernah dijawab, bahkan dengan error sekalipun.',
    hint: 'Bila sebuah pesan tidak punya "id", tangani (atau abaikan) pesan itu dan jangan menulis balasan apa pun.',
  },
  'jsonrpc.unknown-method': {
    rule: 'Method yang tidak dikenal mendapat -32601 Method not found',
    expected: 'Request untuk method yang tidak diimplementasikan server dijawab dengan error -32601.',
    hint: 'Akhiri pemilahan method Anda dengan cabang default yang menjawab -32601 "Method not found".',
  },
  'discover.result': {
    rule: 'server/discover mengembalikan DiscoverResult yang valid',
    expected: 'Result dengan resultType "complete", supportedVersions yang memuat "2026-07-28", objek capabilities, serta petunjuk cache ttlMs (integer >= 0) dan cacheScope ("public" atau "private").',
    hint: 'Jawab server/discover dengan {resultType:"complete", supportedVersions:["2026-07-28"], capabilities:{...}, ttlMs:3600000, cacheScope:"public"}.',
  },
  'discover.server-info': {
    rule: 'Identitas server ditaruh di result._meta',
    expected: 'DiscoverResult membawa _meta["io.modelcontextprotocol/serverInfo"] = {name, version} (bukan serverInfo di tingkat teratas).',
    hint: 'Tambahkan _meta: {"io.modelcontextprotocol/serverInfo": {name: "my-server", version: "1.0.0"}} ke result.',
  },
  'meta.missing-version': {
    rule: 'Request tanpa protocolVersion di _meta mendapat -32602',
    expected: 'Request yang _meta-nya tidak memuat io.modelcontextprotocol/protocolVersion salah bentuk: error -32602 Invalid params.',
    hint: 'Sebelum menjalankan method apa pun, periksa params._meta["io.modelcontextprotocol/protocolVersion"] dan jawab -32602 bila tidak ada.',
  },
  'meta.missing-capabilities': {
    rule: 'Request tanpa clientCapabilities di _meta mendapat -32602',
    expected: 'Request yang _meta-nya tidak memuat io.modelcontextprotocol/clientCapabilities salah bentuk: error -32602 Invalid params.',
    hint: 'Pastikan params._meta["io.modelcontextprotocol/clientCapabilities"] berupa objek di setiap request; jawab -32602 bila tidak ada.',
  },
  'meta.unknown-version': {
    rule: 'Versi protokol yang tidak dikenal mendapat -32022 dengan data.supported',
    expected: 'Request yang meminta versi "1999-01-01" mendapat error -32022 dengan data.supported (versi-versi yang dipahami server) dan data.requested.',
    hint: 'Bandingkan protocolVersion pada request dengan versi yang Anda dukung; bila tidak cocok, jawab -32022 dengan data: {supported: ["2026-07-28"], requested: <versi yang diminta>}.',
  },
  'meta.undeclared-capability': {
    rule: 'Request yang membutuhkan capability client yang tidak dideklarasikan mendapat -32021',
    expected: 'Panggilan tool yang perlu bertanya kepada pengguna, dikirim dengan clientCapabilities {}, mendapat error -32021 dengan data.requiredCapabilities (misalnya {"elicitation":{"form":{}}}).',
    hint: 'Sebelum meminta input, periksa clientCapabilities milik request itu sendiri; bila elicitation tidak ada, jawab -32021 dengan data.requiredCapabilities.',
  },
  'meta.no-carried-state': {
    rule: 'Tidak ada yang terbawa dari request sebelumnya di koneksi yang sama',
    expected: 'Di satu proses, setelah beberapa request yang sah, request tanpa _meta tetap mendapat -32602, versi yang tidak dikenal tetap -32022, dan request tanpa elicitation tetap -32021.',
    hint: 'Baca versi dan capability dari _meta milik setiap request, setiap kali; jangan pernah menyimpannya dari request sebelumnya.',
  },
  'tools.list': {
    rule: 'tools/list mengembalikan ListToolsResult yang valid dengan petunjuk cache',
    expected: 'Result dengan resultType "complete", array tools (masing-masing dengan name dan inputSchema bertipe "object"), ttlMs, dan cacheScope.',
    hint: 'Jawab tools/list dengan {resultType:"complete", tools:[...], ttlMs:300000, cacheScope:"public"}; setiap tool butuh name dan inputSchema {type:"object"}.',
  },
  'tools.call': {
    rule: 'tools/call mengembalikan CallToolResult yang valid',
    expected: 'Panggilan dengan argumen yang bentuknya benar mendapat result dengan resultType "complete" dan array content berisi content block (atau result input_required yang valid).',
    hint: 'Kembalikan {resultType:"complete", content:[{type:"text", text:"..."}]} dari tools/call, ditambah isError:true bila tool itu sendiri gagal.',
  },
  'tools.unknown-tool': {
    rule: 'Tool yang tidak dikenal mendapat -32602 Invalid params',
    expected: 'tools/call untuk tool yang tidak dimiliki server adalah error protokol: -32602 (bukan -32601, yang khusus untuk method yang tidak dikenal).',
    hint: 'Bila tidak ada tool dengan nama yang diminta, jawab {"code":-32602,"message":"Unknown tool: <name>"}.',
  },
  'tools.execution-error': {
    rule: 'Input tool yang salah adalah error eksekusi tool (isError: true)',
    expected: 'Argumen bertipe salah mendapat result complete dengan isError: true dan pesan yang bisa ditindaklanjuti model (atau -32602), tidak pernah error internal atau jawaban sukses.',
    hint: 'Validasi argumennya; bila salah, kembalikan {resultType:"complete", content:[{type:"text", text:"apa yang salah"}], isError:true}.',
  },
  'resources.list': {
    rule: 'resources/list dan resources/templates/list mengembalikan result yang valid dengan petunjuk cache',
    expected: 'resources/list memberi {resultType:"complete", resources:[{uri, name}...], ttlMs, cacheScope}; resources/templates/list memberi resourceTemplates dengan cara yang sama.',
    hint: 'Jawab kedua method daftar itu dengan resultType "complete", array-nya, ttlMs, dan cacheScope (array resourceTemplates yang kosong tidak apa-apa).',
  },
  'resources.read': {
    rule: 'resources/read mengembalikan ReadResourceResult yang valid dengan petunjuk cache',
    expected: 'Membaca resource pertama dalam daftar memberi {resultType:"complete", contents:[{uri, text atau blob}], ttlMs, cacheScope}.',
    hint: 'Result resources/read bisa di-cache: sertakan ttlMs dan cacheScope di samping contents.',
  },
  'resources.not-found': {
    rule: 'Resource yang tidak ada mendapat -32602',
    expected: 'resources/read untuk URI yang tidak dikenal mendapat error -32602 (kode lama -32002 maupun array contents yang kosong sama-sama salah).',
    hint: 'Bila tidak ada resource dengan URI itu, jawab {"code":-32602,"message":"Resource not found","data":{"uri":...}}.',
  },
  'prompts.list-get': {
    rule: 'prompts/list dan prompts/get mengembalikan result yang valid',
    expected: 'prompts/list memberi {resultType:"complete", prompts:[{name}...], ttlMs, cacheScope}; prompts/get untuk prompt pertama memberi {resultType:"complete", messages:[{role, content}]}.',
    hint: 'prompts/list bisa di-cache (ttlMs, cacheScope); prompts/get tidak, dan setiap pesan berisi satu content block.',
  },
  'prompts.unknown': {
    rule: 'Prompt yang tidak dikenal mendapat -32602',
    expected: 'prompts/get untuk prompt yang tidak dimiliki server mendapat error -32602.',
    hint: 'Bila tidak ada prompt dengan nama itu, jawab {"code":-32602,"message":"Unknown prompt: <name>"}.',
  },
  'mrtr.input-required': {
    rule: 'input_required menyebut apa yang dibutuhkannya, dan hanya yang dideklarasikan client',
    expected: 'Sebuah InputRequiredResult: resultType "input_required" dengan inputRequests dan/atau requestState; setiap input request berupa {method, params} polos yang sudah dideklarasikan client (di sini: elicitation mode form).',
    hint: 'Kembalikan {resultType:"input_required", inputRequests:{key:{method:"elicitation/create", params:{mode:"form", message, requestedSchema}}}, requestState}.',
  },
  'mrtr.retry-completes': {
    rule: 'Percobaan ulang tuntas di proses baru, dijawab dengan id-nya sendiri',
    expected: 'Percobaan ulang dengan id baru, jawaban di inputResponses, dan requestState yang persis sama menuntaskan panggilan itu, bahkan di proses baru yang tidak pernah melihat request pertama.',
    hint: 'Jangan simpan apa pun di memori di antara putaran: taruh yang Anda perlukan di requestState (yang ditandatangani) dan baca jawabannya dari params.inputResponses.',
  },
  'mrtr.tampered-state': {
    rule: 'requestState yang diutak-atik ditolak',
    expected: 'Percobaan ulang yang requestState-nya diubah client ditolak (dengan error seperti -32602, atau input_required yang baru), tidak pernah dituntaskan.',
    hint: 'Anggap requestState bisa dikendalikan penyerang: tandatangani (HMAC) dan verifikasi tanda tangannya sebelum dipakai; tolak dengan -32602 bila tidak cocok.',
  },
  'mrtr.missing-answer': {
    rule: 'Percobaan ulang tanpa jawaban ditanyai lagi',
    expected: 'Percobaan ulang yang membawa requestState tetapi tanpa inputResponses mendapat input_required baru yang bertanya lagi (spesifikasi menyebut SHOULD, bukan error).',
    hint: 'Bila jawaban yang ditunggu tidak ada di inputResponses, kembalikan input_required lagi dengan pertanyaan yang sama.',
  },
  'legacy.initialize': {
    rule: 'initialize dari client legacy mendapat error yang menyebut versi yang didukung',
    expected: 'Request initialize (versi 2025-11-25) mendapat error JSON-RPC yang message atau data-nya menyebut versi-versi yang dipahami server (misalnya data.supported: ["2026-07-28"]); server dual-era boleh melayaninya sebagai gantinya.',
    hint: 'Jawab initialize dengan error seperti -32022 dan data: {supported: ["2026-07-28"], requested: <versi yang diminta>}, agar client lama bisa memberi tahu penggunanya alasannya.',
  },
};

/**
 * Alasan sebuah pemeriksaan atau tahap dilewati, dari kalimat bahasa Inggris
 * yang ditulis checker. `en` mencocokkan seluruh kalimat; `{1}`, `{2}` di `id`
 * diisi bagian yang ditangkap (nama tool, id pemeriksaan, atau alasan lain
 * yang diterjemahkan juga). Alasan yang tidak cocok dengan pola mana pun
 * ditampilkan apa adanya.
 */
export const checkReasons: readonly { en: RegExp; id: string }[] = [
  { en: /^not selected for this run$/, id: 'tidak dipilih untuk pemeriksaan kali ini' },
  { en: /^server\/discover gave no capabilities, so it is unknown whether the server offers (\w+)$/, id: 'server/discover tidak memberi capabilities, jadi tidak diketahui apakah server menawarkan {1}' },
  { en: /^the server does not declare the (\w+) capability$/, id: 'server tidak mendeklarasikan capability {1}' },
  { en: /^it builds on "([^"]+)", which failed$/, id: 'pemeriksaan ini bertumpu pada "{1}", yang gagal' },
  { en: /^it builds on "([^"]+)", which was skipped$/, id: 'pemeriksaan ini bertumpu pada "{1}", yang dilewati' },
  { en: /^tools\/list gave no tools$/, id: 'tools/list tidak memberi satu tool pun' },
  { en: /^the server lists no tools$/, id: 'server tidak mencantumkan satu tool pun' },
  {
    en: /^no tool is annotated readOnlyHint: true or destructiveHint: false, so the checker calls none \(run with --call-tools all to call them anyway\)$/,
    id: 'tidak ada tool yang diberi anotasi readOnlyHint: true atau destructiveHint: false, jadi checker tidak memanggil satu pun (jalankan dengan --call-tools all untuk tetap memanggilnya)',
  },
  { en: /^the server lists no tool named (.+)$/, id: 'server tidak mencantumkan tool bernama {1}' },
  { en: /^no tool answered input_required \(tried (.*)\)$/, id: 'tidak ada tool yang menjawab input_required (yang dicoba: {1})' },
  { en: /^no tool asks for input, so no request needs a client capability \((.*)\)$/, id: 'tidak ada tool yang meminta input, jadi tidak ada request yang membutuhkan capability client ({1})' },
  { en: /^no tool asks for input \((.*)\)$/, id: 'tidak ada tool yang meminta input ({1})' },
  { en: /^the tool that asks for input sends no inputRequests, so it needs no client capability$/, id: 'tool yang meminta input tidak mengirim inputRequests, jadi tidak membutuhkan capability client' },
  { en: /^no tool has a required argument to get wrong$/, id: 'tidak ada tool dengan argumen wajib yang bisa sengaja diisi salah' },
  { en: /^resources\/list lists no resource to read$/, id: 'resources/list tidak mencantumkan resource yang bisa dibaca' },
  { en: /^the server sends no requestState, so there is nothing to tamper with$/, id: 'server tidak mengirim requestState, jadi tidak ada yang bisa diutak-atik' },
  { en: /^the server asked for no input, only a requestState$/, id: 'server tidak meminta input apa pun, hanya mengirim requestState' },
];

/**
 * Yang diterima (`actual`) dari pemeriksaan yang gagal: kalimat bahasa Inggris
 * yang ditulis checker (src/checker/), dengan kode, pesan server, dan potongan
 * wire di dalamnya. Setiap pola `en` di `checkActuals` mencocokkan satu
 * kalimat utuh; pola di `checkActualParts` mencocokkan potongan yang
 * disisipkan ke kalimat (request yang diperiksa, deskripsi balasan, satu
 * masalah bentuk result, ekor pesan proses). Di `id`:
 *
 * - `{1}`: bagian yang ditangkap, ditampilkan persis (kode, pesan dari server,
 *   baris wire, path field, nama tool);
 * - `{~1}`: bagian yang ditangkap, diterjemahkan lagi (dengan
 *   `checkActualParts`, lalu `checkActuals` untuk pesan yang bersarang);
 * - `{#1}`: angka, ditulis dengan pemisah ribuan bahasa Indonesia (5.000);
 * - `{;1}`: daftar masalah yang dipisah "; ", tiap masalah diterjemahkan
 *   dengan `checkActualParts`.
 *
 * Di tiap tabel, pola yang lebih khusus ditulis lebih dulu.
 * tests/unit/checker/words.test.ts membaca setiap templat `actual` di
 * src/checker dan gagal bila ada yang tidak punya pola di sini.
 */
export const checkActuals: readonly { en: RegExp; id: string }[] = [
  // --- Proses server dan batas waktu (src/checker/session.ts, run.ts) ---
  { en: /^no reply within (\d+) ms$/, id: 'tidak ada balasan dalam {#1} ms' },
  { en: /^no reply to (\S+) \(id (.*)\) within (\d+) ms$/, id: 'tidak ada balasan untuk {1} (id {2}) dalam {#3} ms' },
  { en: /^the server process was killed by (\S+?)(|, .*| \(last stderr: .*\))$/, id: 'proses server dihentikan oleh {1}{~2}' },
  { en: /^the server process exited with code (\S+?)(|, .*| \(last stderr: .*\))$/, id: 'proses server keluar dengan kode {1}{~2}' },
  { en: /^the server wrote more than (\d+) bytes to stdout; it was stopped$/, id: 'server menulis lebih dari {#1} byte ke stdout, jadi prosesnya dihentikan' },
  { en: /^the server could not be started: (.*)$/, id: 'server tidak bisa dijalankan: {1}' },
  { en: /^the check did not finish within (\d+) ms$/, id: 'pemeriksaan tidak selesai dalam {#1} ms' },
  { en: /^the check was stopped$/, id: 'pemeriksaan dihentikan' },
  { en: /^the check has ended$/, id: 'pemeriksaan sudah berakhir' },
  { en: /^the run was stopped$/, id: 'pemeriksaan dihentikan sebelum selesai' },
  { en: /^the checker itself failed: (.*)$/, id: 'checker sendiri yang gagal: {1}' },


  // --- Kalimat utuh dari tiap tahap (src/checker/stages/) ---
  { en: /^stdout carried a line that is not a JSON-RPC message \((.+?)\): (.*)$/, id: 'stdout memuat baris yang bukan pesan JSON-RPC ({~1}): {2}' },
  { en: /^request id (.+) got (\d+) responses$/, id: 'request id {1} mendapat {2} response' },
  { en: /^the server was still running (\d+) ms after stdin closed$/, id: 'server masih berjalan {#1} ms setelah stdin ditutup' },
  { en: /^the server exited by (\S+), not 0$/, id: 'server berhenti karena {1}, bukan keluar dengan kode 0' },
  { en: /^the server exited with code (.+), not 0$/, id: 'server keluar dengan kode {1}, bukan 0' },
  { en: /^(.+?) was answered with a JSON array: (.*)$/, id: '{~1} dijawab dengan array JSON: {2}' },
  { en: /^the error carries "id": null; MCP ids are never null, so an unreadable id is left out$/, id: 'error itu membawa "id": null; id di MCP tidak pernah null, jadi id yang tidak terbaca dihilangkan saja' },
  { en: /^after the bad line the server stopped answering: (.*)$/, id: 'setelah baris yang rusak itu, server berhenti menjawab: {~1}' },
  { en: /^the request inside the batch was served$/, id: 'request di dalam batch itu dilayani' },
  { en: /^a notification was answered: (.*)$/, id: 'sebuah notification dijawab: {1}' },
  { en: /^the -32022 error has no data\.supported: a non-empty list of the versions the server speaks$/, id: 'error -32022 itu tidak memuat data.supported: daftar tidak kosong berisi versi-versi yang dipahami server' },
  { en: /^data\.requested is (.*), not the version that was asked for \("(.*)"\)$/, id: 'data.requested bernilai {1}, bukan versi yang diminta ("{2}")' },
  { en: /^the -32021 error has no data\.requiredCapabilities naming the missing capability, e\.g\. (.*)$/, id: 'error -32021 itu tidak memuat data.requiredCapabilities yang menyebut capability yang kurang, misalnya {1}' },
  { en: /^(.+?) was answered with (.+), although the request declared no elicitation capability$/, id: '{~1} dijawab dengan {~2}, padahal request itu tidak mendeklarasikan capability elicitation' },
  { en: /^tools\/call (.+) was answered with (.+) this time, not input_required$/, id: 'kali ini tools/call {1} dijawab dengan {~2}, bukan input_required' },
  { en: /^the retry \(id (.+)\) was answered under id (.*); every request, a retry too, is answered with its own id$/, id: 'percobaan ulang (id {1}) dijawab dengan id {2}; setiap request, termasuk percobaan ulang, dijawab dengan id-nya sendiri' },
  { en: /^round (\d+): the retry in a fresh process got (.+)$/, id: 'putaran {1}: percobaan ulang di proses baru mendapat {~2}' },
  { en: /^round (\d+): resultType (.*)$/, id: 'putaran {1}: resultType {2}' },
  { en: /^the retry completed with isError: true; the answers were not used$/, id: 'percobaan ulang tuntas dengan isError: true; jawabannya tidak dipakai' },
  { en: /^still input_required after three answered rounds$/, id: 'masih input_required setelah tiga putaran yang sudah dijawab' },
  { en: /^the call completed with the tampered requestState$/, id: 'panggilan itu tuntas dengan requestState yang sudah diutak-atik' },
  { en: /^a retry without answers got (.+)$/, id: 'percobaan ulang tanpa jawaban mendapat {~1}' },
  { en: /^wrong arguments got error (\S+) (.*); a tool's input errors are results with isError: true$/, id: 'argumen yang salah mendapat error {1} {2}; kesalahan input sebuah tool dilaporkan sebagai result dengan isError: true' },
  { en: /^arguments of the wrong type were accepted: the result has no isError: true$/, id: 'argumen bertipe salah diterima: result-nya tidak memuat isError: true' },
  { en: /^wrong arguments got resultType (.*)$/, id: 'argumen yang salah mendapat resultType {1}' },
  { en: /^no result$/, id: 'tidak ada result' },
  { en: /^the error (\S+) (.*) does not name a version the server supports \((.*)\)$/, id: 'error {1} {2} tidak menyebut versi yang didukung server ({3})' },
  { en: /^initialize was answered with an InitializeResult for (\S+), a version that server\/discover does not list \((.*)\)$/, id: 'initialize dijawab dengan InitializeResult untuk {1}, versi yang tidak tercantum di server/discover ({2})' },
  { en: /^initialize was answered with an InitializeResult, a version that server\/discover does not list \((.*)\)$/, id: 'initialize dijawab dengan InitializeResult untuk versi yang tidak tercantum di server/discover ({1})' },
  { en: /^initialize was answered with an InitializeResult for (\S+), and server\/discover gave no DiscoverResult: this is a legacy server$/, id: 'initialize dijawab dengan InitializeResult untuk {1}, dan server/discover tidak memberi DiscoverResult: ini server legacy' },
  { en: /^initialize was answered with an InitializeResult, and server\/discover gave no DiscoverResult: this is a legacy server$/, id: 'initialize dijawab dengan InitializeResult, dan server/discover tidak memberi DiscoverResult: ini server legacy' },

  // --- Templat umum dari src/checker/define.ts (paling akhir) ---
  { en: /^(.+?) was answered with (.+), not an error$/, id: '{~1} dijawab dengan {~2}, bukan dengan error' },
  { en: /^(.+?) got error (\S+) (.*), not (-?\d+)$/, id: '{~1} mendapat error {2} {3}, bukan {4}' },
  { en: /^(.+?) was answered with (.+)$/, id: '{~1} dijawab dengan {~2}' },
  { en: /^(.+?): (.+) \(and (\d+) more\)$/, id: '{~1}: {;2} (dan {#3} lagi)' },
  { en: /^(.+?): (.+)$/, id: '{~1}: {;2}' },
];

/** Potongan yang disisipkan ke kalimat `checkActuals` (lihat keterangan di atasnya). */
export const checkActualParts: readonly { en: RegExp; id: string }[] = [
  // --- Balasan dan request yang diperiksa (disisipkan ke kalimat lain) ---
  { en: /^a result$/, id: 'sebuah result' },
  { en: /^a result with resultType "(.*)"$/, id: 'result yang resultType-nya "{1}"' },
  { en: /^error (\S+) (.*)$/, id: 'error {1} {2}' },
  { en: /^the broken line$/, id: 'baris yang rusak itu' },
  { en: /^the request with "id": null$/, id: 'request dengan "id": null' },
  { en: /^the batch$/, id: 'batch itu' },
  { en: /^the unknown (method|tool|resource|prompt)$/, id: '{1} yang tidak dikenal' },
  { en: /^server\/discover without a protocolVersion$/, id: 'server/discover tanpa protocolVersion' },
  { en: /^server\/discover without clientCapabilities$/, id: 'server/discover tanpa clientCapabilities' },
  { en: /^after a valid request, server\/discover without a protocolVersion$/, id: 'setelah sebuah request yang valid, server/discover tanpa protocolVersion' },
  { en: /^server\/discover for version "(.*)"$/, id: 'server/discover untuk versi "{1}"' },
  { en: /^after a valid request, server\/discover for version "(.*)"$/, id: 'setelah sebuah request yang valid, server/discover untuk versi "{1}"' },
  { en: /^a valid server\/discover$/, id: 'server/discover yang valid' },
  { en: /^after a request that declared elicitation, tools\/call (\S+) without it$/, id: 'setelah request yang mendeklarasikan elicitation, tools/call {1} tanpa elicitation' },
  { en: /^tools\/call (\S+) with elicitation declared$/, id: 'tools/call {1} dengan elicitation dideklarasikan' },
  { en: /^tools\/call for an unknown tool$/, id: 'tools/call untuk tool yang tidak dikenal' },
  { en: /^resources\/read for an unknown URI$/, id: 'resources/read untuk URI yang tidak dikenal' },
  { en: /^prompts\/get for an unknown prompt$/, id: 'prompts/get untuk prompt yang tidak dikenal' },
  { en: /^(tools\/call|resources\/read|prompts\/get) (\S+)$/, id: '{1} {2}' },
  { en: /^([a-z]+(?:\/[a-zA-Z]+)+)$/, id: '{1}' },
  { en: /^the identity$/, id: 'identitas server' },
  { en: /^the final CallToolResult$/, id: 'CallToolResult terakhir' },
  { en: /^the new InputRequiredResult$/, id: 'InputRequiredResult yang baru' },
  { en: /^the CallToolResult of (\S+)$/, id: 'CallToolResult dari {1}' },
  { en: /^the error result$/, id: 'result error itu' },
  { en: /^the ([A-Z]\w*Result)$/, id: '{1}' },

  // --- Masalah bentuk sebuah result (src/checker/shapes.ts), dipisah "; " ---
  { en: /^result\.resultType is (.*), not "(.*)"$/, id: 'result.resultType bernilai {1}, bukan "{2}"' },
  { en: /^result\.ttlMs is not an integer >= 0$/, id: 'result.ttlMs bukan integer >= 0' },
  { en: /^result\.cacheScope is not "public" or "private"$/, id: 'result.cacheScope bukan "public" atau "private"' },
  { en: /^result\.supportedVersions is not a non-empty array of strings$/, id: 'result.supportedVersions bukan array string yang tidak kosong' },
  { en: /^result\.supportedVersions does not include "(.*)"$/, id: 'result.supportedVersions tidak memuat "{1}"' },
  { en: /^result has neither inputRequests nor requestState$/, id: 'result tidak memuat inputRequests maupun requestState' },
  { en: /^a top-level serverInfo was sent instead \(an early draft had it; the final spec puts it in _meta\)$/, id: 'yang dikirim malah serverInfo di tingkat teratas (ada di draf awal; spesifikasi final menaruhnya di _meta)' },
  { en: /^(.+) has neither a "text" nor a "blob" string$/, id: '{1} tidak memuat string "text" maupun "blob"' },
  { en: /^(.+)\.type is (.*), not one of text, image, audio, resource_link, resource$/, id: '{1}.type bernilai {2}, bukan salah satu dari text, image, audio, resource_link, resource' },
  { en: /^(.+)\.method is (.*), not one of (.+)$/, id: '{1}.method bernilai {2}, bukan salah satu dari {3}' },
  { en: /^(.+)\.role is not "user" or "assistant"$/, id: '{1}.role bukan "user" atau "assistant"' },
  { en: /^(.+)\.mode is neither "form" nor "url"$/, id: '{1}.mode bukan "form" maupun "url"' },
  { en: /^(.+)\.requestedSchema is not \{"type":"object","properties":\{\.\.\.\}\}$/, id: '{1}.requestedSchema bukan {"type":"object","properties":{...}}' },
  { en: /^(.+)\.requestedSchema\.properties\.(.+) is not a flat primitive property$/, id: '{1}.requestedSchema.properties.{2} bukan properti primitif yang datar' },
  { en: /^inputRequests\.(.+) asks for URL-mode elicitation, but the request declared form mode only$/, id: 'inputRequests.{1} meminta elicitation mode URL, padahal request itu hanya mendeklarasikan mode form' },
  { en: /^inputRequests\.(.+) asks for (.*), which the request did not declare$/, id: 'inputRequests.{1} meminta {2}, yang tidak dideklarasikan request itu' },
  { en: /^(.+) is missing or not an object$/, id: '{1} tidak ada atau bukan objek' },
  { en: /^(.+) is missing or not an array$/, id: '{1} tidak ada atau bukan array' },
  { en: /^(.+) is missing$/, id: '{1} tidak ada' },
  { en: /^(.+) is not "object"$/, id: '{1} bukan "object"' },
  { en: /^(.+) is not an object$/, id: '{1} bukan objek' },
  { en: /^(.+) is not an array$/, id: '{1} bukan array' },
  { en: /^(.+) is not a string$/, id: '{1} bukan string' },
  { en: /^(.+) is not a boolean$/, id: '{1} bukan boolean' },

  // --- Ekor pesan proses server (src/checker/session.ts) ---
  { en: /^$/, id: '' },
  { en: /^ \(last stderr: (.*)\)$/, id: ' (stderr terakhir: {1})' },
  { en: /^, (.*) \(last stderr: (.*)\)$/, id: ', {1} (stderr terakhir: {2})' },
  { en: /^, (.*)$/, id: ', {1}' },
];
