/**
 * The words of every check of the checker in English, keyed by check id
 * (`framing.stdout-only`, `meta.unknown-version`, ...): the rule as a short
 * title, what a conforming server does, and one sentence on how to fix a
 * failure. The command line (`npm run check-server`) prints these; the
 * Checker widget shows them on English pages. The Indonesian twin,
 * `../id/checks.ts`, has exactly these keys.
 *
 * Not here: each check's `quote` (the spec's own sentence, which stays with
 * the check in src/checker/stages/), and the sentences the checker writes
 * while it runs (what a server did, why a check was skipped), which are
 * English in the checker and translated by the patterns of `../id/checks.ts`.
 * Wire terms (error codes, method and field names, JSON) are written as the
 * spec writes them.
 *
 * https://modelcontextprotocol.io/specification/2026-07-28
 */

/** The words of one check: the rule's title, what is expected, and one sentence on how to fix it. */
export interface CheckWords {
  rule: string;
  expected: string;
  hint: string;
}

/** The words of every check, keyed by check id (see `CHECK_IDS` in src/checker). */
export const checks = {
  'framing.stdout-only': {
    rule: 'Nothing but JSON-RPC messages on stdout',
    expected: 'Every line the server writes to stdout is one JSON-RPC message; logs, banners and debug prints go to stderr.',
    hint: 'Write logs with console.error (stderr), never console.log: stdout carries only protocol messages, one per line.',
  },
  'framing.one-reply': {
    rule: 'One reply per request, on one line, with the request id',
    expected: 'Two requests written back to back in one chunk get one response each, each on its own line with the id of its request.',
    hint: 'Split stdin at "\\n", handle each line on its own, and write each reply as JSON.stringify(reply) + "\\n" with the id copied from the request.',
  },
  'framing.no-server-requests': {
    rule: 'The server never writes a JSON-RPC request to stdout',
    expected: 'Nothing the server writes carries both a method and an id: it asks the client for input with an input_required result, never with a request of its own.',
    hint: 'Return {resultType:"input_required", inputRequests:{...}} from tools/call instead of writing an elicitation/create, sampling/createMessage, roots/list or ping request.',
  },
  'framing.exit-on-eof': {
    rule: 'Exit promptly when stdin closes',
    expected: 'After stdin is closed, the server finishes and exits within a few seconds (with any exit code: the spec names none).',
    hint: 'Listen for the end of stdin (process.stdin.on(\'end\', ...)) and exit once the last reply is written.',
  },
  'http.post-endpoint': {
    rule: 'The MCP endpoint answers a POSTed request',
    expected: 'A request POSTed to the URL, with the headers a client sends, gets a 2xx response whose body is the JSON-RPC response under the request id.',
    hint: 'Serve POST on the one path you give clients (e.g. /mcp): read the body as one JSON-RPC message and answer it in the response to that same POST.',
  },
  'http.content-type': {
    rule: 'A request is answered with application/json or text/event-stream, and the body is what it says',
    expected: 'Each request (server/discover, tools/list, a tool call, an unknown method) gets Content-Type application/json with one JSON object, the response under its id, or text/event-stream whose events are JSON-RPC messages ending with that response.',
    hint: 'Answer with JSON.stringify(response) and Content-Type: application/json, or stream "data: <message>\\n\\n" events with Content-Type: text/event-stream, the response last; the same for errors.',
  },
  'http.no-server-requests': {
    rule: 'No JSON-RPC request from the server on a response',
    expected: 'No response body or SSE event carries a message with both a method and an id: the server asks for input with an input_required result, never with a request of its own.',
    hint: 'Return {resultType:"input_required", inputRequests:{...}} from tools/call instead of putting an elicitation/create, sampling/createMessage or roots/list request on the SSE stream.',
  },
  'http.sse-ends-with-response': {
    rule: 'An SSE response stream ends with the response',
    expected: 'When the server answers a request with an SSE stream, the response is its last event and the stream closes after it.',
    hint: 'Write the response as the last event and end the HTTP response (res.end()) right after it.',
  },
  'http.sse-no-buffering': {
    rule: 'An SSE response says X-Accel-Buffering: no',
    expected: 'Every text/event-stream response carries the header X-Accel-Buffering: no, so a proxy does not hold its events back.',
    hint: 'Add \'X-Accel-Buffering\': \'no\' to the headers of every text/event-stream response.',
  },
  'http.notification-202': {
    rule: 'A notification gets 202 Accepted and no body',
    expected: 'A POSTed notification (notifications/cancelled for a request that is not in flight) gets 202 Accepted with an empty body, or an HTTP error status if the server does not accept it.',
    hint: 'When the body has no "id", handle it and answer new Response(null, {status: 202}): no JSON, not even {}.',
  },
  'http.version-header-required': {
    rule: 'A request without MCP-Protocol-Version gets 400 with -32020',
    expected: 'server/discover POSTed without the MCP-Protocol-Version header is not served: 400 Bad Request with a JSON-RPC error -32020 (HeaderMismatch) under its id.',
    hint: 'Read request.headers.get(\'mcp-protocol-version\') first; when it is missing answer 400 with {code: -32020, message: \'Header mismatch: the MCP-Protocol-Version header is required\'}.',
  },
  'http.headers-required': {
    rule: 'A request without Mcp-Method (or Mcp-Name where it is required) gets 400 with -32020',
    expected: 'server/discover without Mcp-Method, and a tools/call (or prompts/get, resources/read) without Mcp-Name, each get 400 Bad Request with a JSON-RPC error -32020 under the request id.',
    hint: 'Require request.headers.get(\'mcp-method\') on every request and \'mcp-name\' on tools/call, resources/read and prompts/get; answer 400 with -32020 when one is missing.',
  },
  'http.header-mismatch': {
    rule: 'Headers that disagree with the body get 400 with -32020',
    expected: 'A request whose MCP-Protocol-Version, Mcp-Method or Mcp-Name header differs from its body is not served: 400 Bad Request with a JSON-RPC error -32020 under the request id.',
    hint: 'Compare each header with the body (mcp-method with method, mcp-name with params.name or params.uri, mcp-protocol-version with _meta\'s protocolVersion) before anything else; answer 400 with -32020 when one differs.',
  },
  'http.name-base64': {
    rule: 'A Base64-encoded Mcp-Name is decoded before it is compared',
    expected: 'A request whose Mcp-Name is sent as =?base64?…?= (a name with non-ASCII letters, and a plain one encoded all the same) passes header validation: it is not answered with -32020.',
    hint: 'Before comparing, decode a header value of the form =?base64?<b64>?= (the markers lowercase) as UTF-8: new TextDecoder().decode(Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0))).',
  },
  'http.unknown-method-404': {
    rule: 'An unknown method gets 404 with -32601',
    expected: 'A request for a method the server does not implement gets 404 Not Found with a JSON-RPC error -32601 under its id.',
    hint: 'Map the JSON-RPC error to the HTTP status: -32601 is 404 Not Found (with the error as the JSON body).',
  },
  'http.unsupported-version-400': {
    rule: 'An unsupported protocol version gets 400 with -32022',
    expected: 'server/discover for version "1999-01-01" (in _meta and in MCP-Protocol-Version alike) gets 400 Bad Request with a JSON-RPC error -32022 under its id.',
    hint: 'Map the JSON-RPC error to the HTTP status: -32022 (and -32602, -32021, -32020) is 400 Bad Request.',
  },
  'http.get-delete-405': {
    rule: 'GET and DELETE on the endpoint get 405 Method Not Allowed',
    expected: 'A GET (an old client opening a stream) and a DELETE (an old client ending a session) on the MCP endpoint each get 405 Method Not Allowed.',
    hint: 'Answer every method but POST on the endpoint with 405 and an Allow: POST header: there is no stream to open and no session to end.',
  },
  'http.no-session-id': {
    rule: 'No Mcp-Session-Id is minted or echoed, and one sent is ignored',
    expected: 'No response carries an Mcp-Session-Id header, and a request sent with one (as an old client would) is answered as if it had none.',
    hint: 'Never set Mcp-Session-Id on a response, and do not look at it on a request: every request stands alone.',
  },
  'http.origin-403': {
    rule: 'A request from a foreign Origin gets 403 Forbidden',
    expected: 'A request with Origin: http://evil.example (a page on another site, or a DNS-rebinding attack) is not served: 403 Forbidden.',
    hint: 'Check request.headers.get(\'origin\') before anything else: when it is present and not one you serve (e.g. not a localhost origin), answer 403.',
  },
  'jsonrpc.parse-error': {
    rule: 'Bad JSON gets -32700 Parse error, and the server keeps going',
    expected: 'A line that is not JSON is answered with error -32700 and no id (the id could not be read); the next request is answered normally.',
    hint: 'Wrap JSON.parse in try/catch; on failure write {"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"}} and carry on with the next line.',
  },
  'jsonrpc.null-id': {
    rule: 'A request with a null id gets -32600 Invalid Request',
    expected: 'A request whose id is null is not served; it is answered with error -32600 and no id.',
    hint: 'Check that an id is a string or an integer before serving; otherwise answer -32600 without an id.',
  },
  'jsonrpc.batch': {
    rule: 'A batch (JSON array) gets no reply that is not a valid MCP message',
    expected: 'A JSON array is not an MCP message. The spec leaves the answer open (an error such as -32600, or nothing); whatever comes back is a single valid message, never an array, and the server keeps answering.',
    hint: 'After JSON.parse, answer -32600 (without an id) when the value is not a plain object, Array.isArray(value) included.',
  },
  'jsonrpc.notification-silent': {
    rule: 'Notifications get no reply',
    expected: 'Messages without an id (notifications, even unknown ones) are never answered, not even with an error.',
    hint: 'When a message has no "id", handle it (or ignore it) and write nothing back.',
  },
  'jsonrpc.unknown-method': {
    rule: 'An unknown method gets -32601 Method not found',
    expected: 'A request for a method the server does not implement is answered with error -32601.',
    hint: 'End your method dispatch with a default branch that answers -32601 "Method not found".',
  },
  'jsonrpc.id-echo': {
    rule: 'Unusual ids come back exactly: a string with non-ASCII and quotes, an integer beyond 2^53',
    expected: 'A request whose id is the string checker-é-"x" and one whose id is the integer 9007199254740994 are each answered under exactly that id: the same string, and the same integer (not a string, not rounded).',
    hint: 'Copy the id from the request into the reply as it was parsed, never String(id) or Number(id); a parser that cannot hold an integer exactly must keep its digits.',
  },
  'jsonrpc.error-codes': {
    rule: 'No error code MCP reserves without defining it, and none of the retired ones',
    expected: 'Malformed requests (server/discover with clientCapabilities that is not an object; tools/call without name, resources/read without uri, prompts/get without name, for what the server offers) get errors whose codes are not in -32020 to -32099, except the defined -32020, -32021 and -32022, and never the retired -32002 or -32042.',
    hint: 'Answer a request with a missing or wrong parameter with -32602 Invalid params; keep your own codes outside -32768 to -32000.',
  },
  'subscriptions.acknowledged': {
    rule: 'A listen stream is acknowledged first, under its subscriptionId',
    expected: 'subscriptions/listen (asking for every type the server declares) is answered first with notifications/subscriptions/acknowledged whose _meta["io.modelcontextprotocol/subscriptionId"] is the id of the request and whose notifications name only types the request asked for; the request itself gets no reply while the stream is open.',
    hint: 'On subscriptions/listen, write {"jsonrpc":"2.0","method":"notifications/subscriptions/acknowledged","params":{"_meta":{"io.modelcontextprotocol/subscriptionId":<the request id>},"notifications":{...what you will send}}} before anything else for that stream, and keep the request open.',
  },
  'subscriptions.requested-only': {
    rule: 'A stream carries only the notification types it asked for',
    expected: 'After each tool is called, a stream that asked for nothing (notifications {}) carries nothing but its acknowledgement, and the stream that asked for the declared types carries only those.',
    hint: 'Keep each stream\'s filter and send a notification on a stream only when its filter asked for that type (toolsListChanged, promptsListChanged, resourcesListChanged, or the URI in resourceSubscriptions).',
  },
  'subscriptions.subscription-id': {
    rule: 'Everything on a stream carries its subscriptionId',
    expected: 'Every notifications/tools/list_changed, prompts/list_changed, resources/list_changed and resources/updated carries _meta["io.modelcontextprotocol/subscriptionId"] = the id of an open subscriptions/listen request; a result that closes a stream carries its id in result._meta the same way; a notifications/cancelled from the server names a subscriptions/listen request.',
    hint: 'Put _meta: {"io.modelcontextprotocol/subscriptionId": <the listen request id>} in every notification of a stream and in the result that closes it.',
  },
  'cancellation.after-cancel': {
    rule: 'Nothing more for a request once the client cancels it',
    expected: 'After notifications/cancelled for an open subscriptions/listen stream (or, on a server without one, for a tool call reporting progress), the server writes nothing more for that request: no reply, no notification under its subscriptionId or progress token, not even when stdin closes.',
    hint: 'Keep each request in flight by id; on notifications/cancelled, drop it (end its stream, stop its work) and never write its reply or anything else for it.',
  },
  'discover.result': {
    rule: 'server/discover returns a valid DiscoverResult',
    expected: 'A result with resultType "complete", supportedVersions including "2026-07-28", a capabilities object, and the caching hints ttlMs (integer >= 0) and cacheScope ("public" or "private").',
    hint: 'Answer server/discover with {resultType:"complete", supportedVersions:["2026-07-28"], capabilities:{...}, ttlMs:3600000, cacheScope:"public"}.',
  },
  'discover.server-info': {
    rule: 'The server\'s identity goes in result._meta',
    expected: 'The DiscoverResult carries _meta["io.modelcontextprotocol/serverInfo"] = {name, version} (not a top-level serverInfo).',
    hint: 'Add _meta: {"io.modelcontextprotocol/serverInfo": {name: "my-server", version: "1.0.0"}} to the result.',
  },
  'discover.no-input-required': {
    rule: 'input_required only on tools/call, resources/read and prompts/get, never on server/discover',
    expected: 'server/discover, asked by a client that declares form elicitation, answers without resultType "input_required", inputRequests or requestState.',
    hint: 'Ask for input only from tools/call, resources/read or prompts/get; lists and server/discover always give their complete result.',
  },
  'meta.missing-version': {
    rule: 'A request without _meta protocolVersion gets -32602',
    expected: 'A request whose _meta lacks io.modelcontextprotocol/protocolVersion is malformed: error -32602 Invalid params.',
    hint: 'Before running any method, check params._meta["io.modelcontextprotocol/protocolVersion"] and answer -32602 when it is missing.',
  },
  'meta.missing-capabilities': {
    rule: 'A request without _meta clientCapabilities gets -32602',
    expected: 'A request whose _meta lacks io.modelcontextprotocol/clientCapabilities is malformed: error -32602 Invalid params.',
    hint: 'Check params._meta["io.modelcontextprotocol/clientCapabilities"] is an object on every request; answer -32602 when it is missing.',
  },
  'meta.unknown-version': {
    rule: 'An unknown protocol version gets -32022 with data.supported',
    expected: 'A request asking for version "1999-01-01" gets error -32022 with data.supported (the versions the server speaks) and data.requested.',
    hint: 'Compare the request\'s protocolVersion with the versions you support; otherwise answer -32022 with data: {supported: ["2026-07-28"], requested: <the version asked for>}.',
  },
  'meta.undeclared-capability': {
    rule: 'A request that declares no elicitation is never asked to elicit',
    expected: 'The tool that asks for input, called with clientCapabilities {}, does not ask for elicitation: it answers -32021 with data.requiredCapabilities (e.g. {"elicitation":{"form":{}}}), or does without (a result that asks for nothing undeclared).',
    hint: 'Before asking for input, read the request\'s own clientCapabilities; if elicitation is missing, answer -32021 with data.requiredCapabilities, or do without it.',
  },
  'meta.no-carried-state': {
    rule: 'Nothing carries over from an earlier request on the same connection',
    expected: 'On one process, after valid requests, a request missing _meta still gets -32602, an unknown version still -32022, and a tool call without elicitation gets the same kind of answer as on a fresh process, although an earlier request declared elicitation.',
    hint: 'Read the version and capabilities from each request\'s own _meta every time; never store them from an earlier request.',
  },
  'tools.list': {
    rule: 'tools/list returns a valid ListToolsResult with caching hints',
    expected: 'A result with resultType "complete", a tools array (each with a name and an inputSchema of type "object"), ttlMs and cacheScope.',
    hint: 'Answer tools/list with {resultType:"complete", tools:[...], ttlMs:300000, cacheScope:"public"}; every tool needs name and inputSchema {type:"object"}.',
  },
  'tools.call': {
    rule: 'tools/call returns a valid CallToolResult',
    expected: 'A call with well-formed arguments gets a result with resultType "complete" and a content array of content blocks (or a valid input_required result).',
    hint: 'Return {resultType:"complete", content:[{type:"text", text:"..."}]} from tools/call, plus isError:true when the tool itself failed.',
  },
  'tools.unknown-tool': {
    rule: 'An unknown tool gets -32602 Invalid params',
    expected: 'tools/call for a tool the server does not have is a protocol error: -32602 (not -32601, which is for unknown methods).',
    hint: 'When no tool has the requested name, answer {"code":-32602,"message":"Unknown tool: <name>"}.',
  },
  'tools.execution-error': {
    rule: 'Bad tool input is a tool execution error (isError: true)',
    expected: 'Arguments of the wrong type get a complete result with isError: true and a message the model can act on (or -32602), never an internal error or a success.',
    hint: 'Validate the arguments; when they are wrong, return {resultType:"complete", content:[{type:"text", text:"what was wrong"}], isError:true}.',
  },
  'tools.result-type': {
    rule: 'A result that asks for input says resultType "input_required"',
    expected: 'Each tool, called with only its required arguments and with all of them, answers either a final result (resultType "complete", no inputRequests, no requestState) or resultType "input_required" with its inputRequests and/or requestState.',
    hint: 'When a tool needs more input, return {resultType:"input_required", inputRequests:{...}, requestState}; "complete" is for the final result only.',
  },
  'tools.list-no-input-required': {
    rule: 'input_required only on tools/call, resources/read and prompts/get, never on tools/list',
    expected: 'tools/list, asked by a client that declares form elicitation, answers without resultType "input_required", inputRequests or requestState.',
    hint: 'Ask for input only from tools/call, resources/read or prompts/get; lists and server/discover always give their complete result.',
  },
  'tools.invalid-cursor': {
    rule: 'A cursor the server never issued gets -32602 Invalid params',
    expected: 'Each of tools/list the server offers, sent the cursor "checker-cursor-never-issued-7f3a" that it never issued, answers error -32602 rather than a page.',
    hint: 'Treat a cursor as your own token: when it is not one you issued (or it has expired), answer {"code":-32602,"message":"Invalid cursor"}.',
  },
  'tools.output-schema': {
    rule: 'structuredContent conforms to the tool\'s outputSchema',
    expected: 'Each tool that declares an outputSchema, called with every argument, completes with structuredContent that validates against that schema (JSON Schema 2020-12).',
    hint: 'Build structuredContent to the outputSchema you list in tools/list (every required property, the declared types), and validate it before returning it.',
  },
  'tools.structured-text': {
    rule: 'structuredContent also comes as JSON text in a TextContent block',
    expected: 'A complete result with structuredContent also has a content block {type:"text"} whose text is that value as JSON (JSON.stringify(structuredContent)).',
    hint: 'Next to structuredContent, add {type:"text", text: JSON.stringify(structuredContent)} to content, for clients that read only content.',
  },
  'resources.list': {
    rule: 'resources/list and resources/templates/list return valid results with caching hints',
    expected: 'resources/list gives {resultType:"complete", resources:[{uri, name}...], ttlMs, cacheScope}; resources/templates/list gives resourceTemplates the same way.',
    hint: 'Answer both list methods with resultType "complete", the array, ttlMs and cacheScope (an empty resourceTemplates array is fine).',
  },
  'resources.read': {
    rule: 'resources/read returns a valid ReadResourceResult with caching hints',
    expected: 'Reading the first listed resource gives {resultType:"complete", contents:[{uri, text or blob}], ttlMs, cacheScope}.',
    hint: 'resources/read results are cacheable: include ttlMs and cacheScope beside contents.',
  },
  'resources.not-found': {
    rule: 'A resource that does not exist gets -32602',
    expected: 'resources/read for an unknown URI gets error -32602 (the retired -32002 and an empty contents array are both wrong).',
    hint: 'When no resource has the URI, answer {"code":-32602,"message":"Resource not found","data":{"uri":...}}.',
  },
  'prompts.list-get': {
    rule: 'prompts/list and prompts/get return valid results',
    expected: 'prompts/list gives {resultType:"complete", prompts:[{name}...], ttlMs, cacheScope}; prompts/get of the first prompt gives {resultType:"complete", messages:[{role, content}]}.',
    hint: 'prompts/list is cacheable (ttlMs, cacheScope); prompts/get is not, and each message has one content block.',
  },
  'prompts.unknown': {
    rule: 'An unknown prompt gets -32602',
    expected: 'prompts/get for a prompt the server does not have gets error -32602.',
    hint: 'When no prompt has the name, answer {"code":-32602,"message":"Unknown prompt: <name>"}.',
  },
  'pagination.invalid-cursor': {
    rule: 'A cursor the server never issued gets -32602 Invalid params',
    expected: 'Each of resources/list, resources/templates/list, prompts/list the server offers, sent the cursor "checker-cursor-never-issued-7f3a" that it never issued, answers error -32602 rather than a page.',
    hint: 'Treat a cursor as your own token: when it is not one you issued (or it has expired), answer {"code":-32602,"message":"Invalid cursor"}.',
  },
  'lists.no-input-required': {
    rule: 'input_required only on tools/call, resources/read and prompts/get, never on resources/list, resources/templates/list, prompts/list',
    expected: 'resources/list, resources/templates/list, prompts/list, asked by a client that declares form elicitation, answer without resultType "input_required", inputRequests or requestState.',
    hint: 'Ask for input only from tools/call, resources/read or prompts/get; lists and server/discover always give their complete result.',
  },
  'mrtr.input-required': {
    rule: 'input_required names what it needs, and only what the client declared',
    expected: 'An InputRequiredResult: resultType "input_required" with inputRequests and/or requestState; each input request a bare {method, params} the client declared (here: form elicitation).',
    hint: 'Return {resultType:"input_required", inputRequests:{key:{method:"elicitation/create", params:{mode:"form", message, requestedSchema}}}, requestState}.',
  },
  'mrtr.retry-completes': {
    rule: 'The retry completes in a fresh process, answered under its own id',
    expected: 'Retrying with a new id, the answers in inputResponses and the exact requestState completes the call, even in a new process that never saw the first request.',
    hint: 'Keep nothing in memory between the rounds: put what you need in requestState (signed) and read the answer from params.inputResponses.',
  },
  'mrtr.tampered-state': {
    rule: 'A tampered requestState is refused, or changes nothing',
    expected: 'A retry whose requestState was changed by the client is refused (an error such as -32602, or a fresh input_required), or completes exactly as the honest retry does; it never completes with another outcome.',
    hint: 'Treat requestState as attacker-controlled: sign it (HMAC) and verify the signature before using it; refuse it with -32602 when it does not match.',
  },
  'mrtr.missing-answer': {
    rule: 'A retry without the answer is asked again',
    expected: 'A retry that carries the requestState but no inputResponses gets a new input_required asking again (the spec says SHOULD, rather than an error).',
    hint: 'When an expected answer is missing from inputResponses, return input_required again with the same question.',
  },
  'legacy.initialize': {
    rule: 'A legacy initialize gets an error naming the supported versions (or, on a dual-era server, a handshake)',
    expected: 'An initialize request (version 2025-11-25) gets a JSON-RPC error whose message or data names the versions the server speaks (e.g. data.supported: ["2026-07-28"]); a dual-era server answers it with an InitializeResult instead.',
    hint: 'Answer initialize with an error such as -32022 and data: {supported: ["2026-07-28"], requested: <the version asked for>}, so an old client can tell its user why.',
  },
} as const satisfies Readonly<Record<string, CheckWords>>;
