/**
 * Kata-kata setiap pemeriksaan checker dalam bahasa Indonesia, dengan kunci id
 * pemeriksaan (`framing.stdout-only`, `meta.unknown-version`, ...): kembaran
 * `../en/checks.ts`, dengan kunci yang persis sama (tipe `CheckWordsTable`
 * membuat kunci yang hilang menjadi error kompilasi). CLI `npm run
 * check-server` mencetak versi bahasa Inggrisnya; widget Checker di halaman
 * berbahasa Indonesia memakai tabel ini.
 *
 * Kalimat yang ditulis checker saat berjalan (alasan dilewati, apa yang
 * diterima, temuan era) berbahasa Inggris di checker; pola `checkReasons`,
 * `checkEras`, `checkActuals` dan `checkActualParts` di bawah
 * menerjemahkannya.
 *
 * Yang tidak diterjemahkan: kode error, nama method, nama field, potongan
 * JSON, perintah (byte wire tetap seperti di spesifikasi). Yang diterjemahkan:
 * prosa di sekitarnya. tests/unit/checker/words.test.ts gagal bila sebuah id
 * pemeriksaan tidak punya entri di sini (atau ada entri untuk id yang tidak
 * ada), dan bila sebuah istilah wire dari versi Inggris hilang di terjemahan.
 *
 * https://modelcontextprotocol.io/specification/2026-07-28
 */
import type { CheckWords, checks as en } from '../en/checks.ts';

export type { CheckWords };

/** Kata-kata setiap pemeriksaan, dengan kunci id pemeriksaan (kunci yang sama dengan `../en/checks.ts`). */
export const checks: Readonly<Record<keyof typeof en, CheckWords>> = {
  'framing.stdout-only': {
    rule: 'Hanya pesan JSON-RPC yang boleh ada di stdout',
    expected: 'Setiap baris yang ditulis server ke stdout adalah satu pesan JSON-RPC; log, banner, dan cetakan debug masuk ke stderr.',
    hint: 'Tulis log dengan console.error (stderr), jangan pernah dengan console.log: stdout hanya membawa pesan protokol, satu per baris.',
  },
  'framing.one-reply': {
    rule: 'Tepat satu balasan untuk setiap request, dalam satu baris, dengan id request itu',
    expected: 'Dua request yang ditulis berturut-turut dalam satu kali tulis masing-masing mendapat tepat satu response, masing-masing di barisnya sendiri dengan id request-nya.',
    hint: 'Pecah stdin di "\\n", tangani setiap baris sendiri-sendiri, dan tulis setiap balasan sebagai JSON.stringify(reply) + "\\n" dengan id yang disalin dari request-nya.',
  },
  'framing.no-server-requests': {
    rule: 'Server tidak pernah menulis request JSON-RPC ke stdout',
    expected: 'Tidak ada yang ditulis server yang membawa method sekaligus id: server meminta input kepada client lewat balasan input_required, tidak pernah lewat request buatannya sendiri.',
    hint: 'Kembalikan {resultType:"input_required", inputRequests:{...}} dari tools/call, alih-alih menulis request elicitation/create, sampling/createMessage, roots/list, atau ping.',
  },
  'framing.exit-on-eof': {
    rule: 'Segera keluar ketika stdin ditutup',
    expected: 'Setelah stdin ditutup, server menuntaskan pekerjaannya dan keluar dalam beberapa detik (dengan kode keluar apa pun: spesifikasi tidak menetapkannya).',
    hint: "Dengarkan akhir stdin (process.stdin.on('end', ...)) dan keluar setelah balasan terakhir ditulis.",
  },
  // --- Streamable HTTP, tahap 1 (src/checker/stages/http.ts) ---
  'http.post-endpoint': {
    rule: 'Endpoint MCP menjawab request yang dikirim dengan POST',
    expected: 'Request yang di-POST ke URL itu, dengan header yang dikirim client, mendapat response 2xx yang body-nya berisi response JSON-RPC dengan id request tersebut.',
    hint: 'Layani POST di satu path yang diberikan ke client (misalnya /mcp): baca body sebagai satu pesan JSON-RPC lalu jawab di response POST itu juga.',
  },
  'http.content-type': {
    rule: 'Request dijawab dengan application/json atau text/event-stream, dan isi body-nya sesuai',
    expected: 'Setiap request (server/discover, tools/list, satu pemanggilan tool, method yang tidak dikenal) mendapat Content-Type application/json dengan satu objek JSON, yaitu response ber-id request itu, atau text/event-stream yang event-event-nya pesan JSON-RPC dan diakhiri response tersebut.',
    hint: 'Jawab dengan JSON.stringify(response) dan Content-Type: application/json, atau alirkan event "data: <message>\\n\\n" dengan Content-Type: text/event-stream, response-nya paling akhir; error pun begitu.',
  },
  'http.no-server-requests': {
    rule: 'Tidak ada request JSON-RPC dari server di dalam response',
    expected: 'Tidak ada body response atau event SSE yang membawa pesan dengan method sekaligus id: server meminta input lewat result input_required, tidak pernah lewat request buatannya sendiri.',
    hint: 'Kembalikan {resultType:"input_required", inputRequests:{...}} dari tools/call, alih-alih menaruh request elicitation/create, sampling/createMessage, atau roots/list di aliran SSE.',
  },
  'http.sse-ends-with-response': {
    rule: 'Aliran SSE berakhir dengan response-nya',
    expected: 'Bila server menjawab request dengan aliran SSE, response-nya menjadi event terakhir dan aliran ditutup sesudahnya.',
    hint: 'Tulis response sebagai event terakhir, lalu akhiri response HTTP-nya (res.end()) tepat sesudahnya.',
  },
  'http.sse-no-buffering': {
    rule: 'Response SSE menyertakan X-Accel-Buffering: no',
    expected: 'Setiap response text/event-stream membawa header X-Accel-Buffering: no, supaya proxy tidak menahan event-event-nya.',
    hint: "Tambahkan 'X-Accel-Buffering': 'no' ke header setiap response text/event-stream.",
  },
  'http.notification-202': {
    rule: 'Notification mendapat 202 Accepted tanpa body',
    expected: 'Notification yang di-POST (notifications/cancelled untuk request yang tidak sedang berjalan) mendapat 202 Accepted dengan body kosong, atau status error HTTP bila server tidak menerimanya.',
    hint: 'Bila body tidak punya "id", tangani pesannya lalu jawab new Response(null, {status: 202}): tanpa JSON, {} pun tidak.',
  },
  'http.version-header-required': {
    rule: 'Request tanpa MCP-Protocol-Version mendapat 400 dengan -32020',
    expected: 'server/discover yang di-POST tanpa header MCP-Protocol-Version tidak dilayani: 400 Bad Request dengan error JSON-RPC -32020 (HeaderMismatch) ber-id request itu.',
    hint: "Baca request.headers.get('mcp-protocol-version') lebih dulu; bila tidak ada, jawab 400 dengan {code: -32020, message: 'Header mismatch: the MCP-Protocol-Version header is required'}.",
  },
  'http.headers-required': {
    rule: 'Request tanpa Mcp-Method (atau tanpa Mcp-Name di tempat yang mewajibkannya) mendapat 400 dengan -32020',
    expected: 'server/discover tanpa Mcp-Method, dan tools/call (atau prompts/get, resources/read) tanpa Mcp-Name, masing-masing mendapat 400 Bad Request dengan error JSON-RPC -32020 ber-id request itu.',
    hint: "Wajibkan request.headers.get('mcp-method') di setiap request dan 'mcp-name' di tools/call, resources/read, dan prompts/get; jawab 400 dengan -32020 bila salah satunya tidak ada.",
  },
  'http.header-mismatch': {
    rule: 'Header yang tidak cocok dengan body mendapat 400 dengan -32020',
    expected: 'Request yang header MCP-Protocol-Version, Mcp-Method, atau Mcp-Name-nya berbeda dari body tidak dilayani: 400 Bad Request dengan error JSON-RPC -32020 ber-id request itu.',
    hint: "Sebelum apa pun, bandingkan setiap header dengan body (mcp-method dengan method, mcp-name dengan params.name atau params.uri, mcp-protocol-version dengan protocolVersion di _meta); jawab 400 dengan -32020 bila ada yang berbeda.",
  },
  'http.name-base64': {
    rule: 'Mcp-Name yang di-encode Base64 di-decode dulu sebelum dibandingkan',
    expected: 'Request yang Mcp-Name-nya dikirim sebagai =?base64?…?= (nama berhuruf non-ASCII, dan nama biasa yang tetap di-encode) lolos validasi header: tidak dijawab dengan -32020.',
    hint: 'Sebelum membandingkan, decode nilai header berbentuk =?base64?<b64>?= (penandanya huruf kecil) sebagai UTF-8: new TextDecoder().decode(Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0))).',
  },
  'http.unknown-method-404': {
    rule: 'Method yang tidak dikenal mendapat 404 dengan -32601',
    expected: 'Request untuk method yang tidak diimplementasikan server mendapat 404 Not Found dengan error JSON-RPC -32601 ber-id request itu.',
    hint: 'Petakan error JSON-RPC ke status HTTP: -32601 menjadi 404 Not Found (dengan error itu sebagai body JSON).',
  },
  'http.unsupported-version-400': {
    rule: 'Versi protokol yang tidak didukung mendapat 400 dengan -32022',
    expected: 'server/discover untuk versi "1999-01-01" (sama di _meta maupun di MCP-Protocol-Version) mendapat 400 Bad Request dengan error JSON-RPC -32022 ber-id request itu.',
    hint: 'Petakan error JSON-RPC ke status HTTP: -32022 (juga -32602, -32021, -32020) menjadi 400 Bad Request.',
  },
  'http.get-delete-405': {
    rule: 'GET dan DELETE ke endpoint mendapat 405 Method Not Allowed',
    expected: 'GET (client lama yang membuka aliran) dan DELETE (client lama yang mengakhiri sesi) ke endpoint MCP masing-masing mendapat 405 Method Not Allowed.',
    hint: 'Jawab setiap method selain POST di endpoint itu dengan 405 dan header Allow: POST, karena tidak ada aliran yang bisa dibuka dan tidak ada sesi yang bisa diakhiri.',
  },
  'http.no-session-id': {
    rule: 'Tidak ada Mcp-Session-Id yang dibuat atau dipantulkan, dan yang dikirim client diabaikan',
    expected: 'Tidak ada response yang membawa header Mcp-Session-Id, dan request yang membawanya (seperti kiriman client lama) dijawab seolah-olah header itu tidak ada.',
    hint: 'Jangan pernah memasang Mcp-Session-Id di response, dan jangan melihatnya di request: setiap request berdiri sendiri.',
  },
  'http.origin-403': {
    rule: 'Request dari Origin asing mendapat 403 Forbidden',
    expected: 'Request dengan Origin: http://evil.example (halaman di situs lain, atau serangan DNS rebinding) tidak dilayani: 403 Forbidden.',
    hint: "Periksa request.headers.get('origin') sebelum apa pun: bila ada dan bukan origin yang dilayani (misalnya bukan origin localhost), jawab 403.",
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
    rule: 'Batch (array JSON) tidak dijawab dengan apa pun yang bukan pesan MCP yang valid',
    expected: 'Array JSON bukan pesan MCP. Spesifikasi tidak menetapkan jawabannya (error seperti -32600, atau tidak dijawab sama sekali); apa pun yang kembali adalah satu pesan yang valid, tidak pernah array, dan server tetap menjawab request berikutnya.',
    hint: 'Setelah JSON.parse, jawab -32600 (tanpa id) bila nilainya bukan objek biasa, termasuk bila Array.isArray(value).',
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
    rule: 'Request yang tidak mendeklarasikan elicitation tidak pernah dimintai elicitation',
    expected: 'Tool yang meminta input, bila dipanggil dengan clientCapabilities {}, tidak meminta elicitation: tool itu menjawab -32021 dengan data.requiredCapabilities (misalnya {"elicitation":{"form":{}}}), atau bekerja tanpanya (result yang tidak meminta apa pun yang tidak dideklarasikan).',
    hint: 'Sebelum meminta input, periksa clientCapabilities milik request itu sendiri; bila elicitation tidak ada, jawab -32021 dengan data.requiredCapabilities, atau bekerjalah tanpa elicitation.',
  },
  'meta.no-carried-state': {
    rule: 'Tidak ada yang terbawa dari request sebelumnya di koneksi yang sama',
    expected: 'Di satu proses, setelah beberapa request yang sah, request tanpa _meta tetap mendapat -32602, versi yang tidak dikenal tetap -32022, dan panggilan tool tanpa elicitation mendapat jawaban yang jenisnya sama seperti di proses baru, walaupun request sebelumnya mendeklarasikan elicitation.',
    hint: 'Baca versi dan capability dari _meta milik setiap request, setiap kali; jangan pernah menyimpannya dari request sebelumnya.',
  },
  'tools.list': {
    rule: 'tools/list mengembalikan ListToolsResult yang valid dengan petunjuk cache',
    expected: 'Result dengan resultType "complete", array tools (masing-masing dengan name dan inputSchema bertipe "object"), ttlMs, dan cacheScope.',
    hint: 'Jawab tools/list dengan {resultType:"complete", tools:[...], ttlMs:300000, cacheScope:"public"}; setiap tool butuh name dan inputSchema {type:"object"}.',
  },
  'tools.call': {
    rule: 'tools/call mengembalikan CallToolResult yang valid',
    expected: 'Panggilan dengan argumen yang bentuknya benar mendapat result dengan resultType "complete" dan array content berisi blok konten (atau result input_required yang valid).',
    hint: 'Kembalikan {resultType:"complete", content:[{type:"text", text:"..."}]} dari tools/call, ditambah isError:true bila tool itu sendiri gagal.',
  },
  'tools.unknown-tool': {
    rule: 'Tool yang tidak dikenal mendapat -32602 Invalid params',
    expected: 'tools/call untuk tool yang tidak dimiliki server adalah error protokol: -32602 (bukan -32601, yang khusus untuk method yang tidak dikenal).',
    hint: 'Bila tidak ada tool dengan nama yang diminta, jawab {"code":-32602,"message":"Unknown tool: <name>"}.',
  },
  'tools.execution-error': {
    rule: 'Input tool yang salah adalah error eksekusi tool (isError: true)',
    expected: 'Argumen bertipe salah dijawab dengan result tuntas yang membawa isError: true dan pesan yang bisa ditindaklanjuti model (atau -32602), tidak pernah error internal atau jawaban sukses.',
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
    hint: 'prompts/list bisa di-cache (ttlMs, cacheScope); prompts/get tidak, dan setiap pesan berisi satu blok konten.',
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
    rule: 'requestState yang diutak-atik ditolak, atau tidak mengubah apa pun',
    expected: 'Percobaan ulang yang requestState-nya diubah client ditolak (dengan error seperti -32602, atau input_required yang baru), atau tuntas persis seperti percobaan ulang dengan requestState yang asli; tidak pernah tuntas dengan result lain.',
    hint: 'Anggap requestState bisa dikendalikan penyerang: tandatangani (HMAC) dan verifikasi tanda tangannya sebelum dipakai; tolak dengan -32602 bila tidak cocok.',
  },
  'mrtr.missing-answer': {
    rule: 'Percobaan ulang tanpa jawaban ditanyai lagi',
    expected: 'Percobaan ulang yang membawa requestState tetapi tanpa inputResponses mendapat input_required baru yang bertanya lagi (spesifikasi menyebut SHOULD, bukan error).',
    hint: 'Bila jawaban yang ditunggu tidak ada di inputResponses, kembalikan input_required lagi dengan pertanyaan yang sama.',
  },
  'legacy.initialize': {
    rule: 'initialize dari client legacy mendapat error yang menyebut versi yang didukung (atau, di server dual-era, handshake)',
    expected: 'Request initialize (versi 2025-11-25) mendapat error JSON-RPC yang message atau data-nya menyebut versi-versi yang dipahami server (misalnya data.supported: ["2026-07-28"]); server dual-era menjawabnya dengan InitializeResult sebagai gantinya.',
    hint: 'Jawab initialize dengan error seperti -32022 dan data: {supported: ["2026-07-28"], requested: <versi yang diminta>}, agar client lama bisa memberi tahu penggunanya alasannya.',
  },
  'jsonrpc.id-echo': {
    rule: 'Id yang tidak biasa kembali persis sama: string dengan huruf non-ASCII dan tanda kutip, integer di atas 2^53',
    expected: 'Request yang id-nya string checker-é-"x" dan request yang id-nya integer 9007199254740994 masing-masing dijawab dengan id itu persis: string yang sama, dan integer yang sama (bukan string, tidak dibulatkan).',
    hint: 'Salin id dari request ke balasan apa adanya seperti hasil parse-nya, jangan pernah String(id) atau Number(id); parser yang tidak bisa menyimpan integer dengan tepat harus mempertahankan digit-digitnya.',
  },
  'jsonrpc.error-codes': {
    rule: 'Tidak ada kode error yang dicadangkan MCP tetapi tidak didefinisikannya, dan tidak ada kode yang sudah dipensiunkan',
    expected: 'Request yang salah bentuk (server/discover dengan clientCapabilities yang bukan objek; tools/call tanpa name, resources/read tanpa uri, prompts/get tanpa name, sesuai yang ditawarkan server) mendapat error yang kodenya tidak berada di -32020 sampai -32099, kecuali -32020, -32021, dan -32022 yang memang didefinisikan, dan tidak pernah -32002 atau -32042 yang sudah dipensiunkan.',
    hint: 'Jawab request yang parameternya hilang atau salah dengan -32602 Invalid params; taruh kode buatan Anda sendiri di luar rentang -32768 sampai -32000.',
  },
  'subscriptions.acknowledged': {
    rule: 'Aliran listen dikonfirmasi lebih dulu, dengan subscriptionId-nya',
    expected: 'subscriptions/listen untuk setiap jenis yang dideklarasikan server pertama-tama dijawab dengan notifications/subscriptions/acknowledged. _meta["io.modelcontextprotocol/subscriptionId"]-nya berisi id request itu, dan notifications-nya hanya menyebut jenis-jenis yang diminta; request-nya sendiri tidak dibalas selama aliran masih terbuka.',
    hint: 'Saat menerima subscriptions/listen, tulis {"jsonrpc":"2.0","method":"notifications/subscriptions/acknowledged","params":{"_meta":{"io.modelcontextprotocol/subscriptionId":<id request itu>},"notifications":{...yang akan Anda kirim}}} sebelum apa pun untuk aliran itu, dan biarkan request-nya tetap terbuka.',
  },
  'subscriptions.requested-only': {
    rule: 'Sebuah aliran hanya membawa jenis notification yang dimintanya',
    expected: 'Setelah setiap tool dipanggil, aliran yang tidak meminta apa pun (notifications {}) tidak membawa apa-apa selain konfirmasinya, dan aliran yang meminta jenis-jenis yang dideklarasikan hanya membawa jenis-jenis itu.',
    hint: 'Simpan filter setiap aliran, dan kirim notification ke sebuah aliran hanya bila filternya meminta jenis itu (toolsListChanged, promptsListChanged, resourcesListChanged, atau URI di resourceSubscriptions).',
  },
  'subscriptions.subscription-id': {
    rule: 'Semua yang lewat di sebuah aliran membawa subscriptionId-nya',
    expected: 'Setiap notifications/tools/list_changed, prompts/list_changed, resources/list_changed, dan resources/updated membawa _meta["io.modelcontextprotocol/subscriptionId"] = id sebuah request subscriptions/listen yang masih terbuka; result yang menutup sebuah aliran membawa id-nya di result._meta dengan cara yang sama; notifications/cancelled dari server menyebut sebuah request subscriptions/listen.',
    hint: 'Taruh _meta: {"io.modelcontextprotocol/subscriptionId": <id request listen>} di setiap notification sebuah aliran dan di result yang menutupnya.',
  },
  'cancellation.after-cancel': {
    rule: 'Tidak ada apa-apa lagi untuk sebuah request setelah client membatalkannya',
    expected: 'Setelah notifications/cancelled untuk aliran subscriptions/listen yang terbuka (atau, di server yang tidak punya aliran, untuk panggilan tool yang sedang melaporkan progress), server tidak menulis apa-apa lagi untuk request itu: tidak ada balasan, tidak ada notification dengan subscriptionId atau progress token-nya, bahkan ketika stdin ditutup.',
    hint: 'Simpan setiap request yang sedang berjalan menurut id-nya; saat menerima notifications/cancelled, buang request itu (akhiri alirannya, hentikan pekerjaannya) dan jangan pernah menulis balasannya atau apa pun lagi untuknya.',
  },
  'tools.result-type': {
    rule: 'Result yang meminta input menyatakan resultType "input_required"',
    expected: 'Setiap tool, yang dipanggil hanya dengan argumen wajibnya maupun dengan semua argumennya, menjawab dengan result akhir (resultType "complete", tanpa inputRequests, tanpa requestState) atau dengan resultType "input_required" beserta inputRequests dan/atau requestState-nya.',
    hint: 'Bila sebuah tool butuh input tambahan, kembalikan {resultType:"input_required", inputRequests:{...}, requestState}; "complete" hanya untuk result akhir.',
  },
  'tools.output-schema': {
    rule: 'structuredContent sesuai dengan outputSchema tool-nya',
    expected: 'Setiap tool yang mendeklarasikan outputSchema, bila dipanggil dengan semua argumennya, tuntas dengan structuredContent yang lolos validasi terhadap schema itu (JSON Schema 2020-12).',
    hint: 'Susun structuredContent mengikuti outputSchema yang Anda cantumkan di tools/list (setiap properti wajib, dengan tipe yang dideklarasikan), dan validasi dulu sebelum dikembalikan.',
  },
  'tools.structured-text': {
    rule: 'structuredContent juga dikirim sebagai teks JSON di sebuah blok TextContent',
    expected: 'Result tuntas yang memuat structuredContent juga punya blok content {type:"text"} yang text-nya adalah nilai itu dalam bentuk JSON (JSON.stringify(structuredContent)).',
    hint: 'Di samping structuredContent, tambahkan {type:"text", text: JSON.stringify(structuredContent)} ke content, untuk client yang hanya membaca content.',
  },
  'pagination.invalid-cursor': {
    rule: 'Cursor yang tidak pernah diterbitkan server mendapat -32602 Invalid params',
    expected: 'Setiap resources/list, resources/templates/list, prompts/list yang ditawarkan server, bila dikirimi cursor "checker-cursor-never-issued-7f3a" yang tidak pernah diterbitkannya, menjawab dengan error -32602, bukan dengan satu halaman result.',
    hint: 'Perlakukan cursor sebagai token milik Anda sendiri: bila bukan cursor yang Anda terbitkan (atau sudah kedaluwarsa), jawab {"code":-32602,"message":"Invalid cursor"}.',
  },
  'tools.invalid-cursor': {
    rule: 'Cursor yang tidak pernah diterbitkan server mendapat -32602 Invalid params',
    expected: 'Setiap tools/list yang ditawarkan server, bila dikirimi cursor "checker-cursor-never-issued-7f3a" yang tidak pernah diterbitkannya, menjawab dengan error -32602, bukan dengan satu halaman result.',
    hint: 'Perlakukan cursor sebagai token milik Anda sendiri: bila bukan cursor yang Anda terbitkan (atau sudah kedaluwarsa), jawab {"code":-32602,"message":"Invalid cursor"}.',
  },
  'lists.no-input-required': {
    rule: 'input_required hanya untuk tools/call, resources/read, dan prompts/get, tidak pernah untuk resources/list, resources/templates/list, prompts/list',
    expected: 'resources/list, resources/templates/list, prompts/list, bila diminta oleh client yang mendeklarasikan form elicitation, menjawab tanpa resultType "input_required", inputRequests, maupun requestState.',
    hint: 'Minta input hanya dari tools/call, resources/read, atau prompts/get; daftar dan server/discover selalu memberi result lengkapnya.',
  },
  'discover.no-input-required': {
    rule: 'input_required hanya untuk tools/call, resources/read, dan prompts/get, tidak pernah untuk server/discover',
    expected: 'server/discover, bila diminta oleh client yang mendeklarasikan form elicitation, menjawab tanpa resultType "input_required", inputRequests, maupun requestState.',
    hint: 'Minta input hanya dari tools/call, resources/read, atau prompts/get; daftar dan server/discover selalu memberi result lengkapnya.',
  },
  'tools.list-no-input-required': {
    rule: 'input_required hanya untuk tools/call, resources/read, dan prompts/get, tidak pernah untuk tools/list',
    expected: 'tools/list, bila diminta oleh client yang mendeklarasikan form elicitation, menjawab tanpa resultType "input_required", inputRequests, maupun requestState.',
    hint: 'Minta input hanya dari tools/call, resources/read, atau prompts/get; daftar dan server/discover selalu memberi result lengkapnya.',
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
  // --- Streamable HTTP (src/checker/stages/http.ts) ---
  { en: /^the server answered every request with application\/json, so there is no stream to end$/, id: 'server menjawab setiap request dengan application/json, jadi tidak ada aliran yang perlu diakhiri' },
  { en: /^the server answered every request with application\/json, so there is no stream to buffer$/, id: 'server menjawab setiap request dengan application/json, jadi tidak ada aliran yang bisa ditahan proxy' },
  { en: /^the server supports (.+), older than the header, so it may take a request without it as version 2025-03-26$/, id: 'server mendukung {1}, versi yang lebih tua daripada header itu, jadi server boleh menganggap request tanpa header itu sebagai versi 2025-03-26' },
  { en: /^the server declares no tools, prompts or resources, so no request carries Mcp-Name$/, id: 'server tidak mendeklarasikan tools, prompts, maupun resources, jadi tidak ada request yang membawa Mcp-Name' },
  { en: /^this environment cannot send an Origin header \(a browser leaves it out of a Request it builds\)$/, id: 'lingkungan ini tidak bisa mengirim header Origin (browser membuangnya dari Request yang dibuatnya sendiri)' },
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
  { en: /^the honest retry did not complete this time, so there is nothing to compare with$/, id: 'kali ini percobaan ulang dengan requestState yang asli tidak tuntas, jadi tidak ada pembandingnya' },
  { en: /^no tool may be called$/, id: 'tidak ada tool yang boleh dipanggil' },

  // --- Mengapa sebuah pemeriksaan atau tahap tidak dijalankan (src/checker/run.ts, explore.ts, stages/) ---
  { en: /^not run: stage (\d+) failed$/, id: 'tidak dijalankan: tahap {1} gagal' },
  { en: /^a legacy server: only the rules that hold for both eras were checked, after an initialize handshake$/, id: 'server legacy: hanya aturan yang berlaku di kedua era yang diperiksa, setelah handshake initialize' },
  { en: /^not a rule for this server$/, id: 'bukan aturan untuk server ini' },
  { en: /^a rule of the (stdio|Streamable HTTP) transport$/, id: 'aturan untuk transport {1}' },
  { en: /^the run was stopped$/, id: 'pemeriksaan dihentikan sebelum selesai' },
  { en: /^it builds on "([^"]+)", which warned$/, id: 'pemeriksaan ini bertumpu pada "{1}", yang menghasilkan peringatan' },
  { en: /^it builds on "([^"]+)", which did not run$/, id: 'pemeriksaan ini bertumpu pada "{1}", yang tidak dijalankan' },
  {
    en: /^it builds on "([^"]+)", which did not run \(the tool policy kept it out; run with --call-tools all\)$/,
    id: 'pemeriksaan ini bertumpu pada "{1}", yang tidak dijalankan (aturan pemanggilan tool tidak mengizinkannya; jalankan dengan --call-tools all)',
  },
  { en: /^it needs a reply, and "([^"]+)" got none \((.*)\)$/, id: 'pemeriksaan ini butuh balasan, dan "{1}" tidak mendapatkannya ({~2})' },
  { en: /^no tool asks for input$/, id: 'tidak ada tool yang meminta input' },
  { en: /^no tool asks for input, so no request needs a client capability$/, id: 'tidak ada tool yang meminta input, jadi tidak ada request yang membutuhkan capability client' },
  // Kebijakan --call-tools safe: tool yang tidak dipanggil disebut namanya (paling banyak tiga, lalu "dan N lainnya").
  { en: /^(.+) and (\d+) more$/, id: '{1} dan {2} lainnya' },
  {
    en: /^it would call (.+), not annotated readOnlyHint: true or destructiveHint: false, which --call-tools safe keeps out \(run with --call-tools all\)$/,
    id: 'pemeriksaan ini akan memanggil {1}, yang tidak diberi anotasi readOnlyHint: true atau destructiveHint: false, sehingga tidak dipanggil di bawah --call-tools safe (jalankan dengan --call-tools all)',
  },
  {
    en: /^(.+): no callable tool asked for input, and (.+) were not called \(not annotated readOnlyHint: true or destructiveHint: false; run with --call-tools all\)$/,
    id: '{1}: tidak ada tool yang boleh dipanggil yang meminta input, dan {2} tidak dipanggil (tidak diberi anotasi readOnlyHint: true atau destructiveHint: false; jalankan dengan --call-tools all)',
  },
  {
    en: /^no request was seen, but (.+) were not called \(not annotated readOnlyHint: true or destructiveHint: false; run with --call-tools all\)$/,
    id: 'tidak terlihat request apa pun, tetapi {1} tidak dipanggil (tidak diberi anotasi readOnlyHint: true atau destructiveHint: false; jalankan dengan --call-tools all)',
  },
  // --- Result, schema keluaran, pagination, aliran listen, pembatalan ---
  { en: /^(.+) asked for input under resultType (.+), not "input_required" \(see tools\.result-type\)$/, id: '{1} meminta input dengan resultType {2}, bukan "input_required" (lihat tools.result-type)' },
  { en: /^(.+) asked for input under resultType (.+), not "input_required"$/, id: '{1} meminta input dengan resultType {2}, bukan "input_required"' },
  { en: /^no tool declares an outputSchema$/, id: 'tidak ada tool yang mendeklarasikan outputSchema' },
  { en: /^the outputSchema could not be used \((.*)\)$/, id: 'outputSchema tidak bisa dipakai ({1})' },
  { en: /^(\S+): it declares the dialect (.+), and the checker validates JSON Schema 2020-12 only$/, id: '{1}: schema-nya mendeklarasikan dialek {2}, sedangkan checker hanya memvalidasi JSON Schema 2020-12' },
  { en: /^(\S+): it exceeds the bounds the checker validates within$/, id: '{1}: schema-nya melampaui batas ukuran yang mau divalidasi checker' },
  { en: /^(\S+): ajv cannot compile it: (.*)$/, id: '{1}: ajv tidak bisa meng-compile schema-nya: {2}' },
  { en: /^(\S+): it is not a JSON object$/, id: '{1}: schema-nya bukan objek JSON' },
  { en: /^no tool with an outputSchema completed a call \(tried (.*)\)$/, id: 'tidak ada tool ber-outputSchema yang panggilannya tuntas (yang dicoba: {1})' },
  { en: /^no tool returned structuredContent$/, id: 'tidak ada tool yang mengembalikan structuredContent' },
  { en: /^the server declares no tools, so it has no such list to page$/, id: 'server tidak mendeklarasikan tools, jadi tidak punya daftar semacam itu yang dipecah per halaman' },
  { en: /^the server declares no resources or prompts, so it has no such list to page$/, id: 'server tidak mendeklarasikan resources maupun prompts, jadi tidak punya daftar semacam itu yang dipecah per halaman' },
  { en: /^the server declares no tools$/, id: 'server tidak mendeklarasikan tools' },
  { en: /^the server declares no resources or prompts$/, id: 'server tidak mendeklarasikan resources maupun prompts' },
  { en: /^the server declares no listChanged or subscribe capability and answered subscriptions\/listen with (.+)$/, id: 'server tidak mendeklarasikan capability listChanged maupun subscribe, dan menjawab subscriptions/listen dengan {1}' },
  { en: /^no notification came on the streams but their acknowledgements, so there was no type to judge$/, id: 'tidak ada notification yang datang di aliran-aliran itu selain konfirmasinya, jadi tidak ada jenis notification yang bisa dinilai' },
  { en: /^nothing came on the streams but their acknowledgements, so there was no subscriptionId to judge$/, id: 'tidak ada apa pun yang datang di aliran-aliran itu selain konfirmasinya, jadi tidak ada subscriptionId yang bisa dinilai' },
  {
    en: /^the server offers no subscriptions\/listen stream \((.+)\) and no tool call was still running after reporting progress, so no request was in flight to cancel$/,
    id: 'server tidak menawarkan aliran subscriptions/listen ({1}) dan tidak ada panggilan tool yang masih berjalan setelah melaporkan progress, jadi tidak ada request yang bisa dibatalkan selagi berjalan',
  },
  {
    en: /^(.+), and (.+) were not called \(not annotated readOnlyHint: true or destructiveHint: false; run with --call-tools all\)$/,
    id: '{1}, dan {2} tidak dipanggil (tidak diberi anotasi readOnlyHint: true atau destructiveHint: false; jalankan dengan --call-tools all)',
  },
  // Sebuah alasan dengan alasan lain di dalam kurung (src/checker/explore.ts, `${what} (${reason})`): keduanya diterjemahkan.
  { en: /^(.+?) \((.+)\)$/, id: '{1} ({2})' },
];

/**
 * Apa yang ditemukan probe era sebelum request lain (`EraFinding.detail`,
 * src/checker/era.ts): satu kalimat bahasa Inggris utuh per pola. `{~1}`
 * diterjemahkan lagi dengan `checkActualParts` (lalu `checkActuals`), `{1}`
 * ditampilkan persis (versi, kode error, pesan server).
 */
export const checkEras: readonly { en: RegExp; id: string }[] = [
  { en: /^server\/discover returned a DiscoverResult: a modern server$/, id: 'server/discover mengembalikan DiscoverResult: server modern' },
  { en: /^server\/discover returned a result: a modern server$/, id: 'server/discover mengembalikan sebuah result: server modern' },
  { en: /^server\/discover got the modern error (.+): a modern server$/, id: 'server/discover mendapat error modern {1}: server modern' },
  { en: /^(.+); initialize agreed version (\S+): a legacy server$/, id: '{~1}; initialize menyepakati versi {2}: server legacy' },
  { en: /^(.+); (.+): the era is unknown$/, id: '{~1}; {~2}: era server tidak diketahui' },
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
 * tests/unit/checker/words.test.ts membaca setiap template `actual` di
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
  { en: /^the server process crashed: (.+) at (.+):(\d+) \((.+)\)$/, id: 'proses server berhenti mendadak: {1} di {2}:{3} ({~4})' },

  // --- Diagnosis framing selagi menunggu balasan (src/checker/session.ts, stages/framing.ts) ---
  {
    en: /^the server wrote a JSON-RPC request to stdout \((.+?), id (.*)\); servers must not send requests: ask with input_required instead\. The line: (.*)$/,
    id: 'server menulis request JSON-RPC ke stdout ({1}, id {2}); server tidak boleh mengirim request, mintalah input lewat input_required. Barisnya: {3}',
  },
  {
    en: /^the server wrote a JSON-RPC request to stdout \((.+?), id (.*)\); servers must not send requests: ask with input_required instead$/,
    id: 'server menulis request JSON-RPC ke stdout ({1}, id {2}); server tidak boleh mengirim request, mintalah input lewat input_required',
  },
  { en: /^a line started with (.+) before the JSON message \(a banner or log written to stdout without a newline\)$/, id: 'ada baris yang diawali {1} sebelum pesan JSON-nya (banner atau log yang ditulis ke stdout tanpa newline)' },
  {
    en: /^the reply was spread over (\d+) lines \(pretty-printed JSON\); a message must be one line: JSON\.stringify\(reply\) with no indent$/,
    id: 'balasannya terpecah menjadi {#1} baris (JSON yang dirapikan dengan indentasi); satu pesan harus muat dalam satu baris: JSON.stringify(reply) tanpa indentasi',
  },
  {
    en: /^a JSON-RPC message was spread over (\d+) lines \(pretty-printed JSON\); a message must be one line: JSON\.stringify\(message\) with no indent$/,
    id: 'sebuah pesan JSON-RPC terpecah menjadi {#1} baris (JSON yang dirapikan dengan indentasi); satu pesan harus muat dalam satu baris: JSON.stringify(message) tanpa indentasi',
  },
  { en: /^the server wrote more than (\d+) bytes to stdout without a newline; it was stopped$/, id: 'server menulis lebih dari {#1} byte ke stdout tanpa newline, jadi prosesnya dihentikan' },
  { en: /^the server wrote (\d+) characters without a newline: (.*); each message must end with \\n$/, id: 'server menulis {#1} karakter tanpa newline: {2}; setiap pesan harus diakhiri \\n' },
  { en: /^a reply came under id (.+), which was never sent \(the request had id (.*)\)$/, id: 'ada balasan dengan id {1}, padahal id itu tidak pernah dikirim (request-nya ber-id {2})' },
  { en: /^the server sent (\d+) (.+?), … notifications? but no reply to (\S+) \(id (.*)\)$/, id: 'server mengirim {#1} notification ({2}, …), tetapi tidak membalas {3} (id {4})' },
  { en: /^the server sent (\d+) (\S+) and (\S+) notifications? but no reply to (\S+) \(id (.*)\)$/, id: 'server mengirim {#1} notification ({2} dan {3}), tetapi tidak membalas {4} (id {5})' },
  { en: /^the server sent (\d+) (.+?) notifications? but no reply to (\S+) \(id (.*)\)$/, id: 'server mengirim {#1} notification ({2}), tetapi tidak membalas {3} (id {4})' },
  {
    en: /^a notification flood: the server wrote (\d+) (.+) notifications \(more than (\d+) bytes\) and no reply; it was stopped$/,
    id: 'banjir notification: server menulis {#1} notification {2} (lebih dari {#3} byte) tanpa satu pun balasan, jadi prosesnya dihentikan',
  },
  { en: /^a notification flood: the server wrote (\d+) (.+) notifications and no reply; it was stopped$/, id: 'banjir notification: server menulis {#1} notification {2} tanpa satu pun balasan, jadi prosesnya dihentikan' },
  {
    en: /^a flood of (\d+) lines that are not JSON \(more than (\d+) bytes\), the first (.*), and no reply; it was stopped$/,
    id: 'banjir baris yang bukan JSON: server menulis {#1} baris seperti itu (lebih dari {#2} byte; yang pertama {3}) tanpa satu pun balasan, jadi prosesnya dihentikan',
  },
  {
    en: /^a flood of (\d+) lines that are not JSON, the first (.*), and no reply; it was stopped$/,
    id: 'banjir baris yang bukan JSON: server menulis {#1} baris seperti itu (yang pertama {2}) tanpa satu pun balasan, jadi prosesnya dihentikan',
  },
  // Banjir yang bukan notification maupun baris non-JSON: checker menulisnya tanpa apa pun di antara "wrote" dan ";".
  { en: /^the server wrote ; it was stopped$/, id: 'server membanjiri stdout, jadi prosesnya dihentikan' },


  // --- Kalimat utuh dari tiap tahap (src/checker/stages/) ---
  { en: /^stdout carried a line that is not a JSON-RPC message \((.+?)\): (.*)$/, id: 'stdout memuat baris yang bukan pesan JSON-RPC ({~1}): {2}' },
  { en: /^request id (.+) got (\d+) responses$/, id: 'request id {1} mendapat {2} response' },
  { en: /^the server was still running (\d+) ms after stdin closed$/, id: 'server masih berjalan {#1} ms setelah stdin ditutup' },
  { en: /^the server exited by (\S+), not 0$/, id: 'server berhenti karena {1}, bukan keluar dengan kode 0' },
  { en: /^the server exited with code (.+), not 0$/, id: 'server keluar dengan kode {1}, bukan 0' },
  { en: /^the batch was answered with a JSON array, which is not an MCP message: (.*)$/, id: 'batch itu dijawab dengan array JSON, yang bukan pesan MCP: {1}' },
  { en: /^the batch was answered with "id": null; MCP ids are never null, so an unreadable id is left out$/, id: 'batch itu dijawab dengan "id": null; id di MCP tidak pernah null, jadi id yang tidak terbaca dihilangkan saja' },
  { en: /^(.+?) was answered with a JSON array: (.*)$/, id: '{~1} dijawab dengan array JSON: {2}' },
  { en: /^the error carries "id": null; MCP ids are never null, so an unreadable id is left out$/, id: 'error itu membawa "id": null; id di MCP tidak pernah null, jadi id yang tidak terbaca dihilangkan saja' },
  { en: /^after the bad line the server stopped answering: (.*)$/, id: 'setelah baris yang rusak itu, server berhenti menjawab: {~1}' },
  { en: /^the request inside the batch was served$/, id: 'request di dalam batch itu dilayani' },
  { en: /^a notification was answered: (.*)$/, id: 'sebuah notification dijawab: {1}' },
  { en: /^the -32022 error has no data\.supported: a non-empty list of the versions the server speaks$/, id: 'error -32022 itu tidak memuat data.supported: daftar tidak kosong berisi versi-versi yang dipahami server' },
  { en: /^data\.requested is (.*), not the version that was asked for \("(.*)"\)$/, id: 'data.requested bernilai {1}, bukan versi yang diminta ("{2}")' },
  {
    en: /^tools\/call (\S+) without elicitation got "(.*)" after a request that declared it, but "(.*)" on a fresh process: the capabilities of the earlier request were carried over$/,
    id: 'tools/call {1} tanpa elicitation mendapat "{~2}" setelah request yang mendeklarasikan elicitation, tetapi "{~3}" di proses baru: capability dari request sebelumnya ikut terbawa',
  },
  { en: /^the -32021 error has no data\.requiredCapabilities naming the missing capability, e\.g\. (.*)$/, id: 'error -32021 itu tidak memuat data.requiredCapabilities yang menyebut capability yang kurang, misalnya {1}' },
  { en: /^(.+?) was answered with (.+), although the request declared no elicitation capability$/, id: '{~1} dijawab dengan {~2}, padahal request itu tidak mendeklarasikan capability elicitation' },
  { en: /^tools\/call (.+) was answered with (.+) this time, not input_required$/, id: 'kali ini tools/call {1} dijawab dengan {~2}, bukan input_required' },
  { en: /^the retry \(id (.+)\) was answered under id (.*); every request, a retry too, is answered with its own id$/, id: 'percobaan ulang (id {1}) dijawab dengan id {2}; setiap request, termasuk percobaan ulang, dijawab dengan id-nya sendiri' },
  { en: /^round (\d+): the retry in a fresh process got (.+)$/, id: 'putaran {1}: percobaan ulang di proses baru mendapat {~2}' },
  { en: /^round (\d+): resultType (.*)$/, id: 'putaran {1}: resultType {2}' },
  { en: /^the retry completed with isError: true; the answers were not used$/, id: 'percobaan ulang tuntas dengan isError: true; jawabannya tidak dipakai' },
  { en: /^still input_required after three answered rounds$/, id: 'masih input_required setelah tiga putaran yang sudah dijawab' },
  { en: /^the call completed with the tampered requestState$/, id: 'panggilan itu tuntas dengan requestState yang sudah diutak-atik' },
  {
    en: /^the call completed with a tampered requestState \((.*)\) and a different outcome than the honest retry: the state steers the result but is not verified$/,
    id: 'panggilan itu tuntas dengan requestState yang diutak-atik ({1}) dan result-nya berbeda dari percobaan ulang dengan requestState yang asli: requestState ikut menentukan result, tetapi tidak diverifikasi',
  },
  { en: /^a retry without answers got (.+)$/, id: 'percobaan ulang tanpa jawaban mendapat {~1}' },
  { en: /^wrong arguments got error (\S+) (.*); a tool's input errors are results with isError: true$/, id: 'argumen yang salah mendapat error {1} {2}; kesalahan input sebuah tool dilaporkan sebagai result dengan isError: true' },
  { en: /^arguments of the wrong type were accepted: the result has no isError: true$/, id: 'argumen bertipe salah diterima: result-nya tidak memuat isError: true' },
  { en: /^wrong arguments got resultType (.*)$/, id: 'argumen yang salah mendapat resultType {1}' },
  { en: /^no result$/, id: 'tidak ada result' },
  { en: /^the error (\S+) (.*) does not name a version the server supports \((.*)\)$/, id: 'error {1} {2} tidak menyebut versi yang didukung server ({3})' },
  { en: /^this is a legacy server \((.+)\); revision (\S+) requires server\/discover and per-request _meta$/, id: 'ini server legacy ({~1}); revisi {2} mewajibkan server/discover dan _meta di setiap request' },
  { en: /^initialize was answered with (.+), neither an error nor an InitializeResult$/, id: 'initialize dijawab dengan {~1}, bukan error dan bukan pula InitializeResult' },
  { en: /^initialize was answered with an InitializeResult for (\S+), a version that server\/discover does not list \((.*)\)$/, id: 'initialize dijawab dengan InitializeResult untuk {1}, versi yang tidak tercantum di server/discover ({2})' },
  { en: /^initialize was answered with an InitializeResult, a version that server\/discover does not list \((.*)\)$/, id: 'initialize dijawab dengan InitializeResult untuk versi yang tidak tercantum di server/discover ({1})' },
  { en: /^initialize was answered with an InitializeResult for (\S+), and server\/discover gave no DiscoverResult: this is a legacy server$/, id: 'initialize dijawab dengan InitializeResult untuk {1}, dan server/discover tidak memberi DiscoverResult: ini server legacy' },
  { en: /^initialize was answered with an InitializeResult, and server\/discover gave no DiscoverResult: this is a legacy server$/, id: 'initialize dijawab dengan InitializeResult, dan server/discover tidak memberi DiscoverResult: ini server legacy' },

  // --- Streamable HTTP, tahap 1 (src/checker/stages/http.ts) ---
  { en: /^the checker was not given a Streamable HTTP spawner \(httpSpawner\)$/, id: 'checker tidak diberi spawner Streamable HTTP (httpSpawner)' },
  { en: /^no whole response to (.+) within (\d+) ms$/, id: 'tidak ada response utuh untuk {~1} dalam {#2} ms' },
  { en: /^(.+?) got no HTTP response: (.*)$/, id: '{~1} tidak mendapat response HTTP: {2}' },
  { en: /^(.+?) was served: (.+)$/, id: '{~1} tetap dilayani: {~2}' },
  { en: /^(.+?) got HTTP (\d+) with error (\S+) (.*), not 400 with -32020 \(HeaderMismatch\)$/, id: '{~1} mendapat HTTP {2} dengan error {3} {4}, bukan 400 dengan -32020 (HeaderMismatch)' },
  { en: /^(.+?) got (.+), not 400 with a JSON-RPC error -32020 \(HeaderMismatch\) under the request's id$/, id: '{~1} mendapat {~2}, bukan 400 dengan error JSON-RPC -32020 (HeaderMismatch) ber-id request itu' },
  { en: /^(.+?) got (.+), not a 2xx response(|: is this the MCP endpoint \(its path, e\.g\. \/mcp\)\?|: it requires authorization \(WWW-Authenticate: .*\); check it with an access token \(the command line's --token\))$/, id: '{~1} mendapat {~2}, bukan response 2xx{~3}' },
  { en: /^(.+?) got (.+), with no JSON-RPC response under (?:that|its) id$/, id: '{~1} mendapat {~2}, tanpa response JSON-RPC ber-id itu' },
  { en: /^(.+?) got Content-Type application\/json with a body that is not JSON: (.+)$/, id: '{~1} mendapat Content-Type application/json dengan body yang bukan JSON: {~2}' },
  { en: /^(.+?) got Content-Type application\/json whose body is not a single JSON object: (.+)$/, id: '{~1} mendapat Content-Type application/json yang body-nya bukan satu objek JSON: {~2}' },
  { en: /^(.+?) got a JSON body that is not the response to it \(id (.*)\): (.+)$/, id: '{~1} mendapat body JSON yang bukan response untuknya (id {2}): {~3}' },
  { en: /^(.+?) got an SSE event whose data is not JSON: (.*)$/, id: '{~1} mendapat event SSE yang data-nya bukan JSON: {2}' },
  { en: /^(.+?) got an SSE event that is not a JSON-RPC message: (.*)$/, id: '{~1} mendapat event SSE yang bukan pesan JSON-RPC: {2}' },
  { en: /^(.+?) got an SSE stream without the response to it \((\d+) event\(s\)(|, the last one cut off without its blank line)\)$/, id: '{~1} mendapat aliran SSE tanpa response untuknya ({2} event{~3})' },
  { en: /^(.+?) got (.+): a request is answered with Content-Type application\/json or text\/event-stream$/, id: '{~1} mendapat {~2}: request dijawab dengan Content-Type application/json atau text/event-stream' },
  { en: /^the response to (.+?) carried a JSON-RPC request \((\S+), id (.*)\)$/, id: 'response untuk {~1} membawa request JSON-RPC ({2}, id {3})' },
  { en: /^the stream of (.+?) went on after the response: (\d+) more event\(s\)$/, id: 'aliran untuk {~1} masih berlanjut setelah response-nya: {2} event lagi' },
  { en: /^the SSE response to (.+?) has no X-Accel-Buffering header$/, id: 'response SSE untuk {~1} tidak membawa header X-Accel-Buffering' },
  { en: /^the SSE response to (.+?) has X-Accel-Buffering: (.*)$/, id: 'response SSE untuk {~1} membawa X-Accel-Buffering: {2}' },
  { en: /^the notification got 202 with a body: (.+)$/, id: 'notification itu mendapat 202 dengan body: {~1}' },
  { en: /^the notification got (.+), not 202 Accepted$/, id: 'notification itu mendapat {~1}, bukan 202 Accepted' },
  { en: /^(.+?) got -32020 (.*): the encoded value was compared without decoding it$/, id: '{~1} mendapat -32020 {2}: nilai yang di-encode dibandingkan tanpa di-decode lebih dulu' },
  { en: /^(\S+) on the MCP endpoint got HTTP (\d+)(| \S+), not 405 Method Not Allowed$/, id: '{1} ke endpoint MCP mendapat HTTP {2}{3}, bukan 405 Method Not Allowed' },
  { en: /^the response to (.+?) carries Mcp-Session-Id: (.*)$/, id: 'response untuk {~1} membawa Mcp-Session-Id: {2}' },
  { en: /^(.+?) got (.+), not the answer it gets without it$/, id: '{~1} mendapat {~2}, bukan jawaban yang didapatnya tanpa header itu' },
  { en: /^(.+?) got (.+), not 403 Forbidden$/, id: '{~1} mendapat {~2}, bukan 403 Forbidden' },
  { en: /^(.+?) got (.+), not (\d{3}) with (-32\d{3})$/, id: '{~1} mendapat {~2}, bukan {3} dengan {4}' },

  // --- Id, kode error, result, schema keluaran, aliran listen, pembatalan ---
  { en: /^the request with id (.+) was answered without an id: (.*)$/, id: 'request dengan id {1} dijawab tanpa id: {2}' },
  { en: /^the request with id (.+) was answered under id (.+)$/, id: 'request dengan id {1} dijawab dengan id {2}' },
  { en: /^(.+?) got error (\S+) (.*): a code of an earlier revision that this one retired$/, id: '{~1} mendapat error {2} {3}: kode dari revisi lama yang sudah dipensiunkan oleh revisi ini' },
  {
    en: /^(.+?) got error (\S+) (.*): in the range -32020 to -32099 that MCP reserves, and not one it defines \(-32020, -32021, -32022\)$/,
    id: '{~1} mendapat error {2} {3}: kodenya ada di rentang -32020 sampai -32099 yang dicadangkan MCP, dan bukan salah satu yang didefinisikannya (-32020, -32021, -32022)',
  },
  { en: /^tools\/call (\S+) carried (.+) without a resultType; it must say "input_required"$/, id: 'tools/call {1} membawa {2} tanpa resultType; seharusnya resultType-nya "input_required"' },
  { en: /^tools\/call (\S+) carried (.+) under resultType (.+), not "input_required"$/, id: 'tools/call {1} membawa {2} dengan resultType {3}, bukan "input_required"' },
  {
    en: /^(\S+) was answered with (.+) asking for input; only tools\/call, resources\/read and prompts\/get may answer input_required$/,
    id: '{1} dijawab dengan {~2} yang meminta input; hanya tools/call, resources/read, dan prompts/get yang boleh menjawab input_required',
  },
  { en: /^tools\/call (\S+) completed without structuredContent, although the tool declares an outputSchema$/, id: 'tools/call {1} tuntas tanpa structuredContent, padahal tool itu mendeklarasikan outputSchema' },
  { en: /^the structuredContent of (\S+) does not conform to its outputSchema: (.*)$/, id: 'structuredContent dari {1} tidak sesuai dengan outputSchema-nya (kata ajv: {2})' },
  { en: /^the result of (\S+) has structuredContent but no TextContent block with it as JSON$/, id: 'result dari {1} memuat structuredContent, tetapi tidak ada blok TextContent yang memuatnya sebagai JSON' },
  { en: /^no notifications\/subscriptions\/acknowledged for subscriptions\/listen \(id (.+)\) within (\d+) ms$/, id: 'tidak ada notifications/subscriptions/acknowledged untuk subscriptions/listen (id {1}) dalam {#2} ms' },
  {
    en: /^subscriptions\/listen was answered with (.+), although the server declares (.+), notifications only a listen stream can carry$/,
    id: 'subscriptions/listen dijawab dengan {~1}, padahal server mendeklarasikan {2}, yaitu notification yang hanya bisa dibawa aliran listen',
  },
  { en: /^subscriptions\/listen was answered with (.+) before any notifications\/subscriptions\/acknowledged$/, id: 'subscriptions/listen dijawab dengan {~1} sebelum ada notifications/subscriptions/acknowledged' },
  { en: /^the first message of the stream was a (\S+) notification, not notifications\/subscriptions\/acknowledged$/, id: 'pesan pertama aliran itu adalah notification {1}, bukan notifications/subscriptions/acknowledged' },
  { en: /^the acknowledgement carries no subscriptionId in _meta; it must be the id of the subscriptions\/listen request \((.+)\)$/, id: 'konfirmasi itu tidak membawa subscriptionId di _meta; nilainya harus id request subscriptions/listen itu ({1})' },
  { en: /^the acknowledgement carries subscriptionId (.+), not the id of the subscriptions\/listen request \((.+)\)$/, id: 'konfirmasi itu membawa subscriptionId {1}, bukan id request subscriptions/listen itu ({2})' },
  { en: /^the acknowledgement has no params\.notifications object \(the subset of the filter the server honours\)$/, id: 'konfirmasi itu tidak memuat objek params.notifications (bagian filter yang disanggupi server)' },
  { en: /^the acknowledgement honours (\S+) (.+), which the request did not ask for \(it asked for (.*)\)$/, id: 'konfirmasi itu menyanggupi {1} {2}, padahal request-nya tidak meminta itu (yang diminta: {3})' },
  { en: /^the stream of subscriptions\/listen \(id (.+)\) asked for (.+) and carried (\S+), a type it did not request$/, id: 'aliran subscriptions/listen (id {1}) meminta {2}, tetapi membawa {3}, jenis yang tidak dimintanya' },
  { en: /^the server sent notifications\/cancelled for (.+), which is not a subscriptions\/listen request: (.*)$/, id: 'server mengirim notifications/cancelled untuk {1}, yang bukan request subscriptions/listen: {2}' },
  { en: /^a (\S+) notification came without _meta\["io\.modelcontextprotocol\/subscriptionId"\]: (.*)$/, id: 'notification {1} datang tanpa _meta["io.modelcontextprotocol/subscriptionId"]: {2}' },
  { en: /^a (\S+) notification carries subscriptionId (.+), the id of no subscriptions\/listen request \((.*)\)$/, id: 'notification {1} membawa subscriptionId {2}, yang bukan id request subscriptions/listen mana pun ({3})' },
  { en: /^the result closing subscriptions\/listen \(id (.+)\) carries no subscriptionId in result\._meta$/, id: 'result yang menutup subscriptions/listen (id {1}) tidak membawa subscriptionId di result._meta' },
  { en: /^the result closing subscriptions\/listen \(id (.+)\) carries subscriptionId (.+) in result\._meta, not (.+)$/, id: 'result yang menutup subscriptions/listen (id {1}) membawa subscriptionId {2} di result._meta, bukan {3}' },
  { en: /^after notifications\/cancelled for (.+) \(id (.+?)\), the server still wrote: (.*)$/, id: 'setelah notifications/cancelled untuk {~1} (id {2}), server masih menulis: {3}' },

  // --- Template umum dari src/checker/define.ts (paling akhir) ---
  { en: /^(.+?) was answered with (.+), not an error$/, id: '{~1} dijawab dengan {~2}, bukan dengan error' },
  { en: /^(.+?) got error (\S+) (.*), not (-?\d+)$/, id: '{~1} mendapat error {2} {3}, bukan {4}' },
  { en: /^(.+?) was answered with (.+)$/, id: '{~1} dijawab dengan {~2}' },
  { en: /^(.+?): (.+) \(and (\d+) more\)$/, id: '{~1}: {;2} (dan {#3} lagi)' },
  { en: /^(.+?): (.+)$/, id: '{~1}: {;2}' },
];

/** Potongan yang disisipkan ke kalimat `checkActuals` (lihat keterangan di atasnya). */
export const checkActualParts: readonly { en: RegExp; id: string }[] = [
  // --- Temuan era di dalam kalimat lain (discover.result pada server legacy), sebelum potongan lain yang lebih umum ---
  ...checkEras,
  { en: /^it answered initialize, not server\/discover$/, id: 'server menjawab initialize, bukan server/discover' },

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
  { en: /^tools\/call (\S+) without elicitation$/, id: 'tools/call {1} tanpa elicitation' },
  { en: /^no tool asks for input$/, id: 'tidak ada tool yang meminta input' },
  { en: /^no tool asks for input, so no request needs a client capability$/, id: 'tidak ada tool yang meminta input, jadi tidak ada request yang membutuhkan capability client' },
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

  // --- Streamable HTTP: request yang diperiksa dan response HTTP-nya (src/checker/stages/http.ts) ---
  { en: /^no response \((.*)\)$/, id: 'tidak ada response ({1})' },
  { en: /^HTTP (\d+) \(no Content-Type\), no body$/, id: 'HTTP {1} (tanpa Content-Type), tanpa body' },
  { en: /^HTTP (\d+) \(no Content-Type\), body (.*)$/, id: 'HTTP {1} (tanpa Content-Type), body {2}' },
  { en: /^HTTP (\d+) (\S+), no body$/, id: 'HTTP {1} {2}, tanpa body' },
  { en: /^HTTP (\d+) (\S+), body (.*)$/, id: 'HTTP {1} {2}, body {3}' },
  { en: /^, the last one cut off without its blank line$/, id: ', yang terakhir terpotong tanpa baris kosongnya' },
  { en: /^the POST$/, id: 'POST itu' },
  { en: /^a request with Mcp-Session-Id: (\S+)$/, id: 'request dengan Mcp-Session-Id: {1}' },
  { en: /^(\S+) without (MCP-Protocol-Version|Mcp-Method|Mcp-Name)$/, id: '{1} tanpa {2}' },
  { en: /^server\/discover \(version (\S+) in _meta\) with MCP-Protocol-Version: (\S+)$/, id: 'server/discover (versi {1} di _meta) dengan MCP-Protocol-Version: {2}' },
  { en: /^(\S+) with (Mcp-Method|Mcp-Session-Id|Origin): (\S+)$/, id: '{1} dengan {2}: {3}' },
  { en: /^(\S+) for (.+) with Mcp-Name: (.+)$/, id: '{1} untuk {2} dengan Mcp-Name: {3}' },
  { en: /^: is this the MCP endpoint \(its path, e\.g\. \/mcp\)\?$/, id: ': benarkah ini endpoint MCP-nya (path-nya, misalnya /mcp)?' },
  { en: /^: it requires authorization \(WWW-Authenticate: (.*)\); check it with an access token \(the command line's --token\)$/, id: ': server ini meminta otorisasi (WWW-Authenticate: {1}); periksa dengan access token (opsi --token di baris perintah)' },
  { en: /^(\S+) \(id (.*)\)$/, id: '{1} (id {2})' },
  { en: /^([\w-]+(?:\/[\w-]+)+|\d+)$/, id: '{1}' },

  { en: /^notifications\/subscriptions\/acknowledged for subscriptions\/listen \(id (.+)\)$/, id: 'notifications/subscriptions/acknowledged untuk subscriptions/listen (id {1})' },
  { en: /^a (\S+) request \(id (.*)\)$/, id: 'request {1} (id {2})' },
  { en: /^a (\S+) notification$/, id: 'notification {1}' },
  { en: /^server\/discover with clientCapabilities "none"$/, id: 'server/discover dengan clientCapabilities "none"' },
  { en: /^(tools\/call|prompts\/get) without name$/, id: '{1} tanpa name' },
  { en: /^resources\/read without uri$/, id: 'resources/read tanpa uri' },
  { en: /^(\S+) with a cursor it never issued$/, id: '{1} dengan cursor yang tidak pernah diterbitkannya' },

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
  { en: /^inputRequests\.(.+) is (.+), which the request did not declare \(clientCapabilities \{\}\)$/, id: 'inputRequests.{1} berupa {2}, yang tidak dideklarasikan request itu (clientCapabilities {})' },
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

  // --- Hasil probe era (src/checker/era.ts), disisipkan ke kalimat `checkEras` ---
  { en: /^(server\/discover|initialize) got no reply \((.+)\)$/, id: '{1} tidak mendapat balasan ({~2})' },
  { en: /^(server\/discover|initialize) got (error .+|a result.*)$/, id: '{1} mendapat {~2}' },

  // --- Jenis jawaban yang dibandingkan meta.no-carried-state (answerKind di src/checker/stages/meta.ts) ---
  { en: /^neither a result nor an error$/, id: 'bukan result dan bukan error' },
  { en: /^error (\S+)$/, id: 'error {1}' },
  { en: /^(\S+) asking (.+)$/, id: '{1} yang meminta {2}' },
  { en: /^(complete|input_required)$/, id: '{1}' },

  // --- Ekor pesan proses server (src/checker/session.ts) ---
  { en: /^killed by (\S+)$/, id: 'dihentikan oleh {1}' },
  { en: /^exit code (\S+)$/, id: 'kode keluar {1}' },
  { en: /^$/, id: '' },
  { en: /^ \(last stderr: (.*)\)$/, id: ' (stderr terakhir: {1})' },
  { en: /^, (.*) \(last stderr: (.*)\)$/, id: ', {1} (stderr terakhir: {2})' },
  { en: /^, (.*)$/, id: ', {1}' },
];
