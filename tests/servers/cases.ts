/**
 * Conformance cases for the toy servers, as plain data, so that any engine can
 * replay them: the Node tests here, and an in-browser (Worker engine) e2e test
 * that feeds the same lines to the same server and compares stdout byte for
 * byte with real Node.
 *
 * - `transcripts[server]`: input lines (without "\n") that exercise every rule
 *   that fits in one self-contained line: each is independent of
 *   the replies to the others. Feed them, in order, to one process (or each to
 *   a fresh process) started with `TRANSCRIPT_ENV`; two runs give the same
 *   stdout bytes. For `http`, each line is a POST body; `httpRequestFor(line)`
 *   gives the headers a correct client sends.
 * - `flows[server]`: steps that need an earlier reply (the requestState of a
 *   multi round-trip call, a calendar handle). A step may contain
 *   placeholders `{{<id>.<path>}}`, e.g. `{{m1.result.requestState}}`, that
 *   `fillPlaceholders` replaces with the JSON-string-escaped value found at
 *   that path in the reply whose id is `<id>`. Send a step only after the
 *   replies it names have arrived.
 * - `expectsReply(line)`: whether a line must be answered (every line except
 *   blank ones and well-formed notifications), by the JSON-RPC rules alone.
 */
import type { OAuthServerName } from '../../toy-servers/registry.ts';
import type { WorkingServerName } from './harness.ts';

/** The servers whose cases are lines: every working one but the two of the authorization flow (tests/servers/authorization-script.ts). */
export type LineServerName = Exclude<WorkingServerName, OAuthServerName>;

/** The environment for reproducible runs (frozen clock, seeded randomness; see toy-servers/plumbing.mjs). */
export const TRANSCRIPT_ENV: Readonly<Record<string, string>> = Object.freeze({
  TOY_CLOCK: '2026-09-07T08:00:00Z',
  TOY_SEED: 'mcp-by-hand',
  TOY_TICK_MS: '0', // countdown.mjs's steps take no time
});

const V = '2026-07-28';
const META_PV = 'io.modelcontextprotocol/protocolVersion';
const META_CC = 'io.modelcontextprotocol/clientCapabilities';

/** `_meta` with the given capabilities (and version). */
export const metaWith = (caps: Record<string, unknown> = {}, version: unknown = V) => ({
  [META_PV]: version,
  'io.modelcontextprotocol/clientInfo': { name: 'toy-cases', version: '1.0.0' },
  [META_CC]: caps,
});

const line = (value: unknown) => JSON.stringify(value);
/** A modern request line. */
export const modern = (id: string | number, method: string, params: Record<string, unknown> = {}, caps: Record<string, unknown> = {}) =>
  line({ jsonrpc: '2.0', id, method, params: { _meta: metaWith(caps), ...params } });

const ELICIT = { elicitation: {} };

/** Lines every modern stdio server answers the same way whatever its catalog: the JSON-RPC and `_meta` rules. */
export const envelopeCases: string[] = [
  '{"jsonrpc":"2.0","id":"p1","method":"tools/list"', // truncated JSON -> -32700, no id
  'not json at all',
  '[]', // a batch -> -32600
  `[${modern(1, 'tools/list')}]`,
  '42',
  'null',
  '{"id":"r1","method":"tools/list"}', // no jsonrpc -> -32600 with id
  '{"jsonrpc":"1.0","id":"r2","method":"tools/list"}',
  '{"jsonrpc":"2.0","id":null,"method":"tools/list"}', // id null -> -32600 without id
  '{"jsonrpc":"2.0","id":1.5,"method":"tools/list"}',
  '{"jsonrpc":"2.0","id":true,"method":"tools/list"}',
  '{"jsonrpc":"2.0","id":{"a":1},"method":"tools/list"}',
  '{"jsonrpc":"2.0","id":"r3","method":7}',
  '{"jsonrpc":"2.0","id":"r4"}',
  '{"jsonrpc":"2.0","id":"r5","result":{}}', // a response sent to the server
  '{"jsonrpc":"2.0","id":"r6","method":"tools/list","params":"x"}',
  '{"jsonrpc":"2.0","id":"r7","method":"tools/list","params":[1]}',
  '{"jsonrpc":"2.0","method":"notifications/initialized"}', // notifications: no reply
  '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}',
  '{"jsonrpc":"2.0","method":"no/such/notification"}',
  line({ jsonrpc: '2.0', id: 'm1', method: 'tools/list' }), // no params -> -32602 naming protocolVersion
  line({ jsonrpc: '2.0', id: 'm2', method: 'tools/list', params: {} }),
  line({ jsonrpc: '2.0', id: 'm3', method: 'tools/list', params: { _meta: { [META_CC]: {} } } }),
  line({ jsonrpc: '2.0', id: 'm4', method: 'tools/list', params: { _meta: { [META_PV]: 20260728, [META_CC]: {} } } }),
  line({ jsonrpc: '2.0', id: 'm5', method: 'tools/list', params: { _meta: { [META_PV]: V } } }), // -> names clientCapabilities
  line({ jsonrpc: '2.0', id: 'm6', method: 'tools/list', params: { _meta: { [META_PV]: V, [META_CC]: [] } } }),
  line({ jsonrpc: '2.0', id: 'm7', method: 'tools/list', params: { _meta: { [META_PV]: V, [META_CC]: null } } }),
  line({ jsonrpc: '2.0', id: 'm8', method: 'tools/list', params: { _meta: 'x' } }),
  line({ jsonrpc: '2.0', id: 'v1', method: 'tools/list', params: { _meta: metaWith({}, '2099-01-01') } }), // -> -32022
  line({ jsonrpc: '2.0', id: 'v2', method: 'server/discover', params: { _meta: metaWith({}, '2025-11-25') } }),
  line({ jsonrpc: '2.0', id: 'i1', method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'old', version: '1' } } }),
  line({ jsonrpc: '2.0', id: 'i2', method: 'initialize', params: { protocolVersion: V, capabilities: {}, clientInfo: { name: 'old', version: '1' } } }),
  modern('u1', 'ping'),
  modern('u2', 'no/such/method'),
  modern('u3', 'logging/setLevel', { level: 'info' }),
  modern('u4', 'resources/subscribe', { uri: 'calendar://week' }),
  `${modern('crlf', 'server/discover')}\r`, // CRLF framing
  modern(0, 'server/discover'),
  modern(-7, 'server/discover'),
  modern('', 'server/discover'),
  // An integer id beyond 2^53 is echoed digit for digit; one written with an exponent is refused, saying why.
  `{"jsonrpc":"2.0","id":9007199254740993,"method":"server/discover","params":${JSON.stringify({ _meta: metaWith() })}}`,
  `{"jsonrpc":"2.0","id":1e400,"method":"server/discover","params":${JSON.stringify({ _meta: metaWith() })}}`,
];

/** The calendar's own cases (calendar.mjs and every server built on it). */
export const calendarCases: string[] = [
  modern('d1', 'server/discover'),
  modern('l1', 'tools/list'),
  modern('l2', 'resources/list'),
  modern('l3', 'resources/templates/list'),
  modern('l4', 'prompts/list'),
  modern('l5', 'tools/list', { cursor: 'ignored' }), // a cursor the server never issued -> -32602
  modern('l6', 'resources/list', { cursor: 'next-1' }), // one page only: no cursor is valid -> -32602
  modern('r1', 'resources/read', { uri: 'calendar://week' }),
  modern('r2', 'resources/read', { uri: 'calendar://month' }), // -> -32602 data.uri
  modern('r3', 'resources/read', {}),
  modern('g1', 'prompts/get', { name: 'prepare_week', arguments: { focus: 'deep work' } }),
  modern('g2', 'prompts/get', { name: 'prepare_week' }),
  modern('g3', 'prompts/get', { name: 'plan_year' }),
  modern('g4', 'prompts/get', { name: 'prepare_week', arguments: { focus: 3 } }),
  modern('t1', 'tools/call', { name: 'create_event', arguments: { title: 'Dentist', startsAt: '2026-09-10T08:30:00Z' } }),
  modern('t2', 'tools/call', { name: 'create_event', arguments: { startsAt: '2026-09-10T08:30:00Z' } }), // isError
  modern('t3', 'tools/call', { name: 'create_event', arguments: { title: 'Dentist', startsAt: 'next tuesday' } }),
  modern('t4', 'tools/call', { name: 'create_event', arguments: { title: 'Dentist', colour: 'red' } }),
  modern('t5', 'tools/call', { name: 'create_event', arguments: 'Dentist' }), // not an object -> -32602
  modern('t5n', 'tools/call', { name: 'create_event', arguments: null }), // -> -32602
  modern('t5a', 'tools/call', { name: 'create_event', arguments: ['Dentist'] }), // -> -32602
  modern('c0', 'tools/call', { name: 'countdown', arguments: { from: 1 } }), // the calendar's one tool is create_event -> -32602 (countdown.mjs counts)
  modern('t6', 'tools/call', { name: 'delete_event', arguments: {} }), // -> -32602 unknown tool
  modern('t7', 'tools/call', { arguments: {} }),
  modern('e1', 'tools/call', { name: 'create_event', arguments: { title: 'Dentist' } }), // -> -32021
  modern('e2', 'tools/call', { name: 'create_event', arguments: { title: 'Dentist' } }, { elicitation: { url: {} } }), // url only -> -32021
  modern('e3', 'tools/call', { name: 'create_event', arguments: { title: 'Dentist' } }, ELICIT), // -> input_required
  modern('e4', 'tools/call', { name: 'create_event', arguments: { title: 'Dentist' } }, { elicitation: { form: {} } }),
  modern('s1', 'tools/call', { name: 'create_event', arguments: { title: 'Dentist' }, requestState: 'forged', inputResponses: { when: { action: 'accept', content: { startsAt: '2026-09-10T08:30:00Z' } } } }, ELICIT),
  modern('s2', 'tools/call', { name: 'create_event', arguments: { title: 'Dentist' }, requestState: 12 }, ELICIT),
  modern('t8', 'tools/call', { name: 'create_event', arguments: { title: 'Lunch', startsAt: '2026-09-08T14:00:00+02:00' } }),
  modern('r4', 'resources/read', { uri: 'calendar://week' }),
];

/**
 * countdown.mjs: its slow tool's arguments, without a progress token (a line's answer is one response; progress
 * and cancellation are in calendar-lessons.test.ts).
 */
export const countdownCases: string[] = [
  modern('cd1', 'tools/list'),
  modern('cd2', 'tools/call', { name: 'countdown', arguments: { from: 2 } }),
  line({ jsonrpc: '2.0', id: 'cd4', method: 'tools/call', params: { _meta: { ...metaWith(), progressToken: { a: 1 } }, name: 'countdown', arguments: { from: 1 } } }), // -> -32602
  modern('cd5', 'tools/call', { name: 'countdown', arguments: { from: 11 } }), // isError
  modern('cd6', 'tools/call', { name: 'countdown', arguments: { from: 2, by: 1 } }), // isError
  modern('cd7', 'tools/call', { name: 'countdown', arguments: {} }), // isError
  '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"nobody"}}', // an unknown id: ignored
];

/** listening-calendar.mjs: the filters it refuses (a stream it opens is in calendar-lessons.test.ts: it answers with notifications). */
export const listeningCases: string[] = [
  modern('sd1', 'server/discover'),
  modern('sl1', 'subscriptions/listen', {}), // no filter -> -32602
  modern('sl2', 'subscriptions/listen', { notifications: { resourceSubscriptions: 'calendar://week' } }), // -> -32602
  modern('sl3', 'subscriptions/listen', { notifications: { toolsListChanged: 'yes' } }), // -> -32602
  modern('sl4', 'subscriptions/listen', { notifications: { resourceSubscriptions: [7] } }), // -> -32602
];

/** paged-calendar.mjs: pages of two, the cursors it issues and ones it never did. */
export const pagedCases: string[] = [
  modern('pg1', 'resources/list'),
  modern('pg2', 'resources/list', { cursor: 'next-2' }),
  modern('pg3', 'resources/list', { cursor: 'next-1' }), // not one it issued -> -32602
  modern('pg4', 'resources/list', { cursor: '' }), // -> -32602
  modern('pg5', 'resources/read', { uri: 'calendar://events/e1' }),
  modern('pg6', 'resources/read', { uri: 'calendar://events/e99' }), // -> -32602 data.uri
  modern('pg7', 'tools/list', { cursor: 'next-2' }), // one page only -> -32602
];

/** The cases of calendar-handles.mjs that need no handle from an earlier reply. */
export const handlesCases: string[] = [
  modern('d1', 'server/discover'),
  modern('l1', 'tools/list'),
  modern('l2', 'resources/list'),
  modern('l3', 'resources/templates/list'),
  modern('l4', 'prompts/list'), // no prompts capability -> -32601
  modern('h1', 'tools/call', { name: 'list_events', arguments: { calendar: 'cal_AAAAAAAAAAAAAAAAAAAAAA' } }), // unknown -> isError
  modern('h2', 'tools/call', { name: 'create_event', arguments: { calendar: '../../secret', title: 'x', startsAt: '2026-09-10T08:30:00Z' } }),
  modern('h3', 'tools/call', { name: 'create_event', arguments: { title: 'x' } }),
  modern('h4', 'tools/call', { name: 'open_calendar', arguments: { name: 'mine' } }),
  modern('h5', 'resources/read', { uri: 'calendar://cal_AAAAAAAAAAAAAAAAAAAAAA/week' }),
  modern('h6', 'resources/read', { uri: 'calendar://week' }),
  modern('h7', 'tools/call', { name: 'open_calendar' }),
];

const legacyLine = (id: string | number, method: string, params?: unknown) =>
  line(params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params });

/** legacy.mjs: list methods before any handshake, the probe, the handshake, legacy shapes. */
export const legacyCases: string[] = [
  legacyLine(1, 'tools/list'),
  legacyLine(2, 'resources/list'),
  legacyLine(3, 'prompts/list'),
  modern('probe', 'server/discover'), // -> -32601
  legacyLine(4, 'initialize', { protocolVersion: V, capabilities: {}, clientInfo: { name: 'probe', version: '1' } }),
  legacyLine(5, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } }),
  '{"jsonrpc":"2.0","method":"notifications/initialized"}',
  legacyLine(6, 'ping'),
  legacyLine(7, 'resources/templates/list'),
  legacyLine(8, 'resources/read', { uri: 'calendar://week' }),
  legacyLine(9, 'resources/read', { uri: 'calendar://month' }), // -> -32002 (2025 code)
  legacyLine(10, 'prompts/get', { name: 'prepare_week', arguments: { focus: 'deep work' } }),
  legacyLine(11, 'tools/call', { name: 'create_event', arguments: { title: 'Dentist', startsAt: '2026-09-10T08:30:00Z' } }),
  legacyLine(12, 'tools/call', { name: 'create_event', arguments: { title: 'Dentist' } }), // isError: cannot ask
  legacyLine(13, 'tools/call', { name: 'nope', arguments: {} }),
  modern(14, 'tools/list'), // _meta ignored, served the legacy way
  legacyLine(15, 'no/such/method'),
  'garbage',
  '{"jsonrpc":"2.0","id":null,"method":"ping"}',
  `${legacyLine(16, 'ping')}\r`,
];

/** Input lines per server; see the module comment. Every server of the registry but the authorization flow's has an entry. */
export const transcripts: Record<LineServerName, string[]> = {
  calendar: [...calendarCases, ...envelopeCases],
  noisy: [...calendarCases, ...envelopeCases],
  countdown: [...calendarCases, ...countdownCases, ...envelopeCases],
  'listening-calendar': [...calendarCases, ...listeningCases, ...envelopeCases],
  'paged-calendar': [...pagedCases, ...calendarCases, ...envelopeCases],
  http: [...calendarCases, ...envelopeCases.filter((l) => !l.endsWith('\r'))],
  'calendar-handles': [...handlesCases, ...envelopeCases],
  legacy: legacyCases,
};

const CREATE_NO_DATE = { name: 'create_event', arguments: { title: 'Dentist' } };

/** The multi round-trip exchange of the chapter: ask, answer, result. */
const calendarFlow: string[] = [
  modern('m1', 'tools/call', CREATE_NO_DATE, ELICIT),
  modern('m2', 'tools/call', { ...CREATE_NO_DATE, inputResponses: { when: { action: 'accept', content: { startsAt: '2026-09-10T08:30:00Z' } } }, requestState: '{{m1.result.requestState}}' }, ELICIT),
  modern('m3', 'tools/call', { ...CREATE_NO_DATE, inputResponses: { when: { action: 'decline' } }, requestState: '{{m1.result.requestState}}' }, ELICIT),
  modern('m4', 'tools/call', { ...CREATE_NO_DATE, inputResponses: {}, requestState: '{{m1.result.requestState}}' }, ELICIT),
  modern('m5', 'tools/call', { name: 'create_event', arguments: { title: 'Dentist!' }, inputResponses: { when: { action: 'accept', content: { startsAt: '2026-09-10T08:30:00Z' } } }, requestState: '{{m1.result.requestState}}' }, ELICIT),
  modern('m6', 'resources/read', { uri: 'calendar://week' }),
];

/** Open a calendar, write to it, read it back, through its handle. */
const handlesFlow: string[] = [
  modern('o1', 'tools/call', { name: 'open_calendar', arguments: {} }),
  modern('o2', 'tools/call', { name: 'create_event', arguments: { calendar: '{{o1.result.structuredContent.calendar}}', title: 'Dentist', startsAt: '2026-09-10T08:30:00Z' } }),
  modern('o3', 'tools/call', { name: 'create_event', arguments: { calendar: '{{o1.result.structuredContent.calendar}}', title: 'Haircut' } }, ELICIT),
  modern('o4', 'tools/call', { name: 'create_event', arguments: { calendar: '{{o1.result.structuredContent.calendar}}', title: 'Haircut' }, inputResponses: { when: { action: 'accept', content: { startsAt: '2026-09-11T17:00:00Z' } } }, requestState: '{{o3.result.requestState}}' }, ELICIT),
  modern('o5', 'tools/call', { name: 'list_events', arguments: { calendar: '{{o1.result.structuredContent.calendar}}' } }),
  modern('o6', 'resources/read', { uri: 'calendar://{{o1.result.structuredContent.calendar}}/week' }),
];

/** Steps that use earlier replies; see the module comment. */
export const flows: Record<LineServerName, string[]> = {
  calendar: calendarFlow,
  noisy: calendarFlow,
  countdown: calendarFlow,
  'listening-calendar': calendarFlow,
  'paged-calendar': calendarFlow,
  http: calendarFlow,
  'calendar-handles': handlesFlow,
  legacy: [
    legacyLine(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } }),
    '{"jsonrpc":"2.0","method":"notifications/initialized"}',
    legacyLine(2, 'tools/call', { name: 'create_event', arguments: { title: 'Dentist', startsAt: '2026-09-10T08:30:00Z' } }),
    legacyLine(3, 'resources/read', { uri: 'calendar://week' }),
  ],
};

/**
 * Replaces each `{{<id>.<path>}}` in `step` with the value at `<path>` of the
 * reply whose id is `<id>`, escaped for use inside a JSON string.
 * Throws when a reply or value is missing.
 */
export function fillPlaceholders(step: string, replies: ReadonlyMap<string | number, unknown>): string {
  return step.replace(/\{\{([^.}]+)\.([^}]+)\}\}/g, (_, id: string, path: string) => {
    let value: any = replies.get(id) ?? replies.get(Number(id));
    for (const key of path.split('.')) value = value?.[key];
    if (typeof value !== 'string') throw new Error(`placeholder {{${id}.${path}}} has no string value`);
    return JSON.stringify(value).slice(1, -1);
  });
}

/** The id of a step (after filling), or undefined for notifications. */
export function idOf(step: string): string | number | undefined {
  try {
    return JSON.parse(step).id;
  } catch {
    return undefined;
  }
}

/**
 * Whether the JSON-RPC rules require a reply to this input line: no for a
 * blank line and for a well-formed notification (an object with
 * `"jsonrpc":"2.0"`, a string `method`, no `id`, and `params` absent or
 * structured); yes for everything else, including garbage.
 */
export function expectsReply(text: string): boolean {
  const body = text.endsWith('\r') ? text.slice(0, -1) : text;
  if (body.trim() === '') return false;
  let value: any;
  try {
    value = JSON.parse(body);
  } catch {
    return true;
  }
  const isNotification = typeof value === 'object' && value !== null && !Array.isArray(value)
    && value.jsonrpc === '2.0' && typeof value.method === 'string' && !('id' in value)
    && (!('params' in value) || (typeof value.params === 'object' && value.params !== null));
  return !isNotification;
}

/** Methods whose target the HTTP transport repeats in `Mcp-Name`. */
const NAME_FIELD: Record<string, string> = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri' };

/**
 * The HTTP request a correct Streamable HTTP client sends for one message:
 * POST with `Content-Type`, `Accept`, `MCP-Protocol-Version` (from `_meta`,
 * else 2026-07-28), `Mcp-Method` and, where it applies, `Mcp-Name`.
 */
export function httpRequestFor(body: string): { method: 'POST'; headers: Record<string, string>; body: string } {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  };
  let msg: any;
  try {
    msg = JSON.parse(body);
  } catch {
    msg = undefined;
  }
  const version = msg?.params?._meta?.[META_PV];
  headers['mcp-protocol-version'] = typeof version === 'string' ? version : V;
  if (typeof msg?.method === 'string') headers['mcp-method'] = msg.method;
  const field = NAME_FIELD[msg?.method];
  const name = field ? msg?.params?.[field] : undefined;
  if (typeof name === 'string') {
    headers['mcp-name'] = /^[\x20-\x7e]*$/.test(name) ? name : `=?base64?${Buffer.from(name, 'utf8').toString('base64')}?=`;
  }
  return { method: 'POST', headers, body };
}
