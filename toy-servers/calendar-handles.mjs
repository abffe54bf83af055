/**
 * calendar-handles.mjs: the calendar, fixed for statelessness (MCP 2026-07-28, stdio).
 *
 * What it teaches:
 * - calendar.mjs keeps its events in process memory, so a fresh process has
 *   lost them. The spec's answer is not a session but an explicit handle:
 *   "State that needs to span multiple requests ... MUST be referenced by an
 *   explicit identifier the client passes on each request."
 *   (https://modelcontextprotocol.io/specification/2026-07-28/basic/index#statelessness)
 * - `open_calendar` returns a handle: `cal_` + 128 random bits, opaque, valid
 *   for 24 hours (the tool description says so). `create_event` and
 *   `list_events` take it as an ordinary argument named `calendar`, and the
 *   resource template `calendar://{calendar}/week` names it in the URI.
 * - Events live in a file store keyed by handle, `.toy-state/handles/<handle>.json`,
 *   written atomically (temp file + rename), so a fresh process sees what
 *   another created, and a crash mid-write never leaves a torn file.
 * - An unknown or expired handle is a tool error (`isError: true`) that says
 *   so, not a protocol error: the model can read it and open a new calendar.
 *   (https://modelcontextprotocol.io/specification/2026-07-28/server/tools#stateful-tools)
 * - A handle is a name, not a permission. This toy has no users; a real
 *   server would also check on every call that the caller may use it.
 *
 * Run it:   node toy-servers/calendar-handles.mjs   (one JSON-RPC message per line on stdin)
 *
 * It reuses the calendar's definitions and its stdio loop from calendar.mjs
 * and its create_event flow from create-event.mjs; what is new is in this
 * file: the handle store, the tools that take a handle, and the switch that
 * routes to them.
 *
 * Environment:
 *   TOY_CLOCK=2026-09-07T08:00:00Z  freezes the clock (handle and requestState expiry)
 *   TOY_SEED=any-string             handles and the requestState key derive from
 *                                   the seed; handle k is the first unused one of
 *                                   SHA-256(seed, "handle", k), k = 0, 1, ...
 *   TOY_STATE_DIR=dir               where the store lives (default .toy-state)
 */
import * as fsp from 'node:fs/promises';
import { CATALOG_CACHE, CREATE_EVENT_TOOL, EVENT_PROPERTIES, PROTOCOL_VERSION, SEED_EVENTS, WEEK_CACHE, serveStdio } from './calendar.mjs';
import { createEvent } from './create-event.mjs';
import {
  ERR, RpcError, bytesFor, findTool, isSeeded, now, onePage, schemaProblem, statePath, toBase64url, toolResult, writeFileAtomicAsync,
} from './plumbing.mjs';

const INFO = { name: 'calendar-handles', title: 'Toy calendar with handles', version: '1.0.0' };

/** How long a calendar handle lives: 24 hours, in ms. */
const HANDLE_LIFETIME_MS = 24 * 60 * 60 * 1000;
const HANDLE_PATTERN = /^cal_[A-Za-z0-9_-]{22}$/;
const WEEK_URI = /^calendar:\/\/([^/]+)\/week$/;

// --- The file store: one JSON file per handle -------------------------------

const fileOf = (handle) => statePath('handles', `${handle}.json`);

/** The stored calendar `{handle, createdAt, expiresAt, events}`, or undefined if there is none. */
async function load(handle) {
  if (!HANDLE_PATTERN.test(handle)) return undefined; // never turn untrusted text into a path
  try {
    return JSON.parse(await fsp.readFile(fileOf(handle), 'utf8'));
  } catch (err) {
    if (err?.code === 'ENOENT') return undefined;
    throw err;
  }
}

const save = (calendar) => writeFileAtomicAsync(fileOf(calendar.handle), JSON.stringify(calendar));

/** A fresh handle: 128 random bits (derived from TOY_SEED when set, skipping ones already in the store). */
async function newHandle() {
  for (let k = 0; ; k++) {
    const handle = `cal_${toBase64url(bytesFor('handle', 16, k))}`;
    if (!isSeeded() || (await load(handle)) === undefined) return handle;
  }
}

/**
 * Finds the calendar a tool call names. Returns `{calendar}` or `{problem}`,
 * a sentence for an isError result.
 */
async function findCalendar(handle) {
  const calendar = await load(handle);
  if (calendar === undefined) {
    return { problem: `unknown calendar handle "${handle}". Call open_calendar to get a new one.` };
  }
  if (now() >= calendar.expiresAt) {
    return { problem: `calendar handle "${handle}" expired at ${new Date(calendar.expiresAt).toISOString()}. Call open_calendar to get a new one.` };
  }
  return { calendar };
}

// --- The catalog -------------------------------------------------------------

const CALENDAR_ARG = {
  type: 'string',
  description: 'The calendar handle returned by open_calendar, e.g. "cal_…".',
};

const TOOLS = [
  {
    name: 'open_calendar',
    title: 'Open a calendar',
    description: 'Open a new calendar and return its handle. Pass the handle as "calendar" to create_event and list_events. '
      + 'A handle stays valid for 24 hours after it is opened; after that, open a new calendar.',
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    annotations: CREATE_EVENT_TOOL.annotations,
  },
  {
    name: 'create_event',
    title: 'Create event',
    description: 'Create an event in the calendar named by "calendar". If startsAt is missing, the server asks the user for it.',
    inputSchema: {
      type: 'object',
      properties: { calendar: CALENDAR_ARG, ...EVENT_PROPERTIES },
      required: ['calendar', 'title'],
      additionalProperties: false,
    },
    annotations: CREATE_EVENT_TOOL.annotations,
  },
  {
    name: 'list_events',
    title: 'List events',
    description: 'List the events of the calendar named by "calendar".',
    inputSchema: { type: 'object', properties: { calendar: CALENDAR_ARG }, required: ['calendar'], additionalProperties: false },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  },
];

const WEEK_TEMPLATE = {
  uriTemplate: 'calendar://{calendar}/week',
  name: 'week',
  title: 'A calendar\'s week',
  description: 'The events of one calendar, as a JSON array of {id, title, startsAt}.',
  mimeType: 'application/json',
};

// --- The tools ---------------------------------------------------------------

async function openCalendar() {
  const created = now();
  const calendar = { handle: await newHandle(), createdAt: created, expiresAt: created + HANDLE_LIFETIME_MS, events: SEED_EVENTS.map((event) => ({ ...event })) };
  await save(calendar);
  const expiresAt = new Date(calendar.expiresAt).toISOString();
  return toolResult(`Opened calendar ${calendar.handle}; it expires at ${expiresAt}. Pass it as "calendar" to create_event and list_events.`,
    { structuredContent: { calendar: calendar.handle, expiresAt } });
}

async function createEventIn(params, capabilities, args) {
  const found = await findCalendar(args.calendar);
  if (found.problem) return toolResult(`create_event failed: ${found.problem}`, { isError: true });
  return createEvent(params, args, capabilities, async (startsAt) => {
    // Read again just before writing: another process may have added events since.
    const { calendar, problem } = await findCalendar(args.calendar);
    if (problem) return toolResult(`create_event failed: ${problem}`, { isError: true });
    const event = { id: `e${calendar.events.length + 1}`, title: args.title, startsAt };
    calendar.events.push(event);
    await save(calendar);
    return toolResult(`Created ${event.id} in ${calendar.handle}: ${event.title} at ${event.startsAt}`,
      { structuredContent: { calendar: calendar.handle, ...event } });
  });
}

async function listEvents(args) {
  const { calendar, problem } = await findCalendar(args.calendar);
  if (problem) return toolResult(`list_events failed: ${problem}`, { isError: true });
  return toolResult(JSON.stringify(calendar.events), { structuredContent: { calendar: calendar.handle, events: calendar.events } });
}

// --- The server: the calendar's checks and loop, this server's own handlers ---

/** What is wrong with a tool's arguments, as a sentence for an isError result (undefined: nothing). */
function argumentProblem(name, args) {
  if (name === 'open_calendar') {
    const unknown = Object.keys(args)[0];
    return unknown === undefined ? undefined : `unknown argument "${unknown}"`;
  }
  if (!Object.hasOwn(args, 'calendar')) return '"calendar" is required';
  if (typeof args.calendar !== 'string') return '"calendar" must be a string';
  if (name === 'list_events') {
    const unknown = Object.keys(args).find((key) => key !== 'calendar');
    return unknown === undefined ? undefined : `unknown argument "${unknown}"`;
  }
  const { calendar, ...event } = args;
  return schemaProblem(event, CREATE_EVENT_TOOL.inputSchema);
}

function callTool(params, { capabilities }) {
  const { tool, args } = findTool(params, TOOLS);
  const problem = argumentProblem(tool.name, args);
  if (problem) return toolResult(`${tool.name} failed: ${problem}.`, { isError: true });
  if (tool.name === 'open_calendar') return openCalendar();
  if (tool.name === 'create_event') return createEventIn(params, capabilities, args);
  return listEvents(args);
}

async function readWeekOf(params) {
  if (typeof params.uri !== 'string') throw new RpcError(ERR.INVALID_PARAMS, 'Invalid params: "uri" must be a string');
  const handle = WEEK_URI.exec(params.uri)?.[1];
  const { calendar } = handle === undefined ? {} : await findCalendar(handle);
  if (!calendar) throw new RpcError(ERR.INVALID_PARAMS, 'Resource not found', { uri: params.uri });
  return { resultType: 'complete', contents: [{ uri: params.uri, mimeType: 'application/json', text: JSON.stringify(calendar.events) }], ...WEEK_CACHE };
}

/** Which handler answers which method (no prompts here: prompts/list is -32601). */
const HANDLERS = Object.freeze({
  'server/discover': () => ({
    resultType: 'complete',
    supportedVersions: [PROTOCOL_VERSION],
    capabilities: { tools: {}, resources: {} },
    instructions: 'A toy calendar that keeps its events across processes. Call open_calendar once, then pass its handle to the other tools.',
    ttlMs: 3_600_000,
    cacheScope: 'public',
  }),
  'tools/list': (params) => onePage(params, { tools: TOOLS, ...CATALOG_CACHE }),
  'tools/call': callTool,
  'resources/list': (params) => onePage(params, { resources: [], ...CATALOG_CACHE }),
  'resources/templates/list': (params) => onePage(params, { resourceTemplates: [WEEK_TEMPLATE], ...CATALOG_CACHE }),
  'resources/read': readWeekOf,
});

serveStdio({ info: INFO, handlers: HANDLERS });
