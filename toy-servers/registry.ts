/**
 * The one list of servers the course runs: which servers exist, where each
 * file is, and which widgets may run it. Widgets, engines and tests all read
 * it. Lessons and labs name servers as widget props (checked against this list
 * at build time). Two widgets hold content for the calendar's catalog and
 * pick it by an entry's `catalog`, never by a server's name: the Console's
 * example templates (`src/components/console/templates.ts`) and Replay's
 * recorded exchanges (`src/components/replay/exchanges.ts`). Adding a server
 * is: its file in this folder, one entry here, and its test cases in
 * `tests/servers/cases.ts`.
 * Each server teaches one idea; a later lesson's feature is a server of its
 * own that imports calendar.mjs (countdown, listening-calendar,
 * paged-calendar), never a flag on the calendar. The three `.mjs` files
 * here that are no server, `plumbing.mjs`, `create-event.mjs` and
 * `request-state.mjs`, are what the servers import.
 *
 * This file is data only (no Node, no DOM), so the browser, the build and the
 * tests can all import it. The servers themselves never import it.
 *
 * ```ts
 * import { SERVERS, serverEntry, type ServerName } from '../../toy-servers/registry.ts';
 * serverEntry('calendar').file;          // 'toy-servers/calendar.mjs'
 * serverEntry('nope');                   // throws: unknown server "nope"; known: calendar, ...
 * ```
 */

/** Which revision family a server speaks: `modern` = 2026-07-28 (`server/discover`, per-request `_meta`); `legacy` = 2025-11-25 (`initialize` handshake). */
export type Era = 'modern' | 'legacy';

/** How a client reaches it: a process's stdin/stdout, or HTTP POSTs (Streamable HTTP). */
export type Transport = 'stdio' | 'http';

/** The widgets a lesson can point at a server. */
export type WidgetName = 'Console' | 'ServerEditor' | 'ProbeFlow' | 'HandshakeHazard' | 'Replay' | 'TokenMeter' | 'Checker' | 'HttpRequest' | 'CacheView';

/** One server of the course. */
export interface ServerEntry {
  /** Path of its entry file, POSIX, relative to the project root (and to every engine's root). */
  readonly file: string;
  readonly transport: Transport;
  readonly era: Era;
  /** One line a reader sees in pickers and badges. */
  readonly description: string;
  /** Widgets that may run it; a lesson naming another widget fails the build. */
  readonly widgets: readonly WidgetName[];
  /**
   * Only for a server built rather than shipped as source (not in this folder):
   * where the page fetches its module, relative to the site's base, the first
   * time a process of it is spawned (never in a page's initial load). The
   * engines then hold it at {@link file}. Written by the build
   * (`scripts/bundle-everything.mjs`); its licence notice is beside it, at
   * the same URL plus `.LICENSE.txt`.
   */
  readonly fetchUrl?: string;
  /**
   * The part it plays in MCP authorization
   * (https://modelcontextprotocol.io/specification/2026-07-28/basic/authorization):
   * `resource-server`, an MCP server every request to which needs an access
   * token (passthrough-proxy: one that should check it and forwards it
   * instead); `authorization-server`, no MCP server at all but an OAuth 2.1
   * server that issues those tokens, or pretends to (mix-up-auth-server)
   * (its `era` names the revision whose authorization rules it follows).
   * Either way its test cases are HTTP exchanges of the authorization flow
   * (`tests/servers/authorization-script.ts`, and each one's own suite), not lines.
   */
  readonly role?: 'resource-server' | 'authorization-server';
  /**
   * A starting point for the reader rather than a working server: it reads
   * lines and answers nothing, so it has no conformance transcript and no
   * checker verdict to meet. Tests that prove a working server (same bytes in
   * every engine, fuzzing, the checker's pass list) leave it out; tests of
   * files and imports keep it.
   */
  readonly starter?: true;
  /**
   * The file name "Run it on your machine" gives the download and its `node`
   * command, when it is not the entry's own: the capstone's starter goes home
   * as the reader's server, under the name its lesson uses.
   */
  readonly homeName?: string;
  /**
   * Environment variables every process of it gets in the page (the
   * engines' `SpawnOptions.env`), for what a server started by hand would
   * be given on its command line. A lesson's "Run it on your machine" says
   * them in words; `node <file>` alone runs without them.
   */
  readonly env?: Readonly<Record<string, string>>;
  /**
   * The calendar's catalog, on a server the Console or Replay runs that
   * serves it, so the worked examples those widgets hold know they apply: `calendar` (`create_event`,
   * `calendar://week`, `prepare_week`) or `calendar-handles` (the same
   * calendar behind `open_calendar`'s handle: `calendar://{handle}/week`).
   * The Console's calendar examples go to either; Replay's recorded
   * exchange is chosen by it, so a server Replay runs has one.
   */
  readonly catalog?: 'calendar' | 'calendar-handles';
}

/**
 * The course's own OAuth client: the Client ID Metadata Document of the
 * client the reader plays in the authorization lessons
 * (https://modelcontextprotocol.io/specification/2026-07-28/basic/authorization/client-registration#client-id-metadata-documents).
 * Its `client_id` is the https URL it would be served at; the page has no
 * network, so the page's auth-server is handed this document as the answer
 * of that URL (TOY_CLIENT_DOCUMENTS) and validates it as if fetched. Any
 * loopback port may be used with its redirect URI.
 */
export const COURSE_CLIENT_ID = 'https://client.example/mcp-by-hand.json';
export const COURSE_CLIENT_DOCUMENT = {
  client_id: COURSE_CLIENT_ID,
  client_name: 'MCP by Hand',
  redirect_uris: ['http://127.0.0.1/callback'],
  grant_types: ['authorization_code', 'refresh_token'],
  token_endpoint_auth_method: 'none',
} as const;

const STDIO_WIDGETS = ['Console', 'ServerEditor', 'ProbeFlow', 'TokenMeter', 'Checker'] as const satisfies readonly WidgetName[];

/** Every server, by name. The order is the order pickers show. */
export const SERVERS = {
  calendar: {
    file: 'toy-servers/calendar.mjs',
    transport: 'stdio',
    era: 'modern',
    description: 'The calendar: a tool, a resource and a prompt, speaking 2026-07-28 over stdio',
    widgets: [...STDIO_WIDGETS, 'Replay', 'CacheView'],
    catalog: 'calendar',
  },
  'calendar-handles': {
    file: 'toy-servers/calendar-handles.mjs',
    transport: 'stdio',
    era: 'modern',
    description: 'The calendar with handles: state named by an argument, kept in a file store',
    widgets: [...STDIO_WIDGETS, 'Replay', 'CacheView'],
    catalog: 'calendar-handles',
  },
  countdown: {
    file: 'toy-servers/countdown.mjs',
    transport: 'stdio',
    era: 'modern',
    description: 'The calendar with a slow tool, countdown: progress notifications and cancellation',
    widgets: STDIO_WIDGETS,
    catalog: 'calendar',
  },
  'listening-calendar': {
    file: 'toy-servers/listening-calendar.mjs',
    transport: 'stdio',
    era: 'modern',
    description: 'The calendar that tells a client when calendar://week changes (subscriptions/listen)',
    widgets: [...STDIO_WIDGETS, 'CacheView'],
    catalog: 'calendar',
  },
  'paged-calendar': {
    file: 'toy-servers/paged-calendar.mjs',
    transport: 'stdio',
    era: 'modern',
    description: 'The calendar whose resource list comes in pages of two (nextCursor and cursor)',
    widgets: STDIO_WIDGETS,
    catalog: 'calendar',
  },
  legacy: {
    file: 'toy-servers/legacy.mjs',
    transport: 'stdio',
    era: 'legacy',
    description: 'A 2025-11-25 server: initialize handshake, no server/discover',
    widgets: [...STDIO_WIDGETS, 'HandshakeHazard'],
    catalog: 'calendar',
  },
  noisy: {
    file: 'toy-servers/noisy.mjs',
    transport: 'stdio',
    era: 'modern',
    description: 'The calendar with stray lines on stdout',
    widgets: STDIO_WIDGETS,
    catalog: 'calendar',
  },
  http: {
    file: 'toy-servers/http.mjs',
    transport: 'http',
    era: 'modern',
    description: 'The calendar behind Streamable HTTP (POST /mcp)',
    // The Checker checks it over HTTP (its handle(request) served by the engine), never over stdio;
    // HttpRequest sends it raw HTTP typed by hand (any server whose module exports handle(request)).
    widgets: ['Console', 'ServerEditor', 'Checker', 'HttpRequest'],
    catalog: 'calendar',
  },
  'protected-calendar': {
    file: 'toy-servers/protected-calendar.mjs',
    transport: 'http',
    era: 'modern',
    description: 'The calendar behind Streamable HTTP as an OAuth 2.1 resource server: every request needs an access token from auth-server',
    // Its requests need a token, which the Console and the Checker do not carry: HttpRequest sends them typed by
    // hand (Authorization header included), and ServerEditor's Run is what then answers.
    widgets: ['ServerEditor', 'HttpRequest'],
    role: 'resource-server',
  },
  'auth-server': {
    file: 'toy-servers/auth-server.mjs',
    transport: 'http',
    era: 'modern',
    description: 'A toy OAuth 2.1 authorization server for protected-calendar: metadata, a consent page, PKCE, short-lived tokens',
    widgets: ['ServerEditor', 'HttpRequest'],
    role: 'authorization-server',
    // The course's client document, which it would fetch from COURSE_CLIENT_ID on the internet.
    env: { TOY_CLIENT_DOCUMENTS: JSON.stringify({ [COURSE_CLIENT_ID]: COURSE_CLIENT_DOCUMENT }) },
  },
  'mix-up-auth-server': {
    file: 'toy-servers/mix-up-auth-server.mjs',
    transport: 'http',
    era: 'modern',
    description: 'A malicious authorization server for the mix-up attack: its metadata sends clients to auth-server\'s consent page and asks for the code back',
    widgets: ['ServerEditor', 'HttpRequest'],
    role: 'authorization-server',
  },
  'passthrough-proxy': {
    file: 'toy-servers/passthrough-proxy.mjs',
    transport: 'http',
    era: 'modern',
    description: 'What not to do: a proxy in front of protected-calendar that forwards the client\'s access token upstream unchecked (token passthrough)',
    widgets: ['ServerEditor', 'HttpRequest'],
    role: 'resource-server',
  },
  starter: {
    file: 'toy-servers/starter.mjs',
    transport: 'stdio',
    era: 'modern',
    description: 'An empty start: reads lines and answers nothing, for the reader to grow into a server',
    widgets: ['ServerEditor', 'Console', 'Checker'],
    starter: true,
    homeName: 'my-server.mjs',
  },
  everything: {
    file: 'toy-servers/everything.mjs',
    transport: 'stdio',
    era: 'legacy',
    description: 'The official reference server, @modelcontextprotocol/server-everything 2026.8.31, run in the page',
    widgets: ['Console', 'ProbeFlow', 'HandshakeHazard', 'TokenMeter'],
    // The version is package.json's pin; a test fails when they disagree (tests/peers/everything-bundle.test.ts).
    fetchUrl: 'servers/everything-2026.8.31.mjs',
  },
} as const satisfies Record<string, ServerEntry>;

/** A server's name: a key of {@link SERVERS}. */
export type ServerName = keyof typeof SERVERS;

/** A server that plays a part in MCP authorization (an entry with a `role`). */
export type OAuthServerName = { [K in ServerName]: (typeof SERVERS)[K] extends { role: string } ? K : never }[ServerName];

/** Every server name, in picker order. */
export const SERVER_NAMES = Object.keys(SERVERS) as ServerName[];

/** A server shipped as source in this folder (every entry without a `fetchUrl`): what tests run with `node <file>`. */
export type SourceServerName = { [K in ServerName]: (typeof SERVERS)[K] extends { fetchUrl: string } ? never : K }[ServerName];

/** Every server shipped as source in this folder, in picker order (the built ones, such as `everything`, left out). */
export const SOURCE_SERVER_NAMES = SERVER_NAMES.filter((n): n is SourceServerName => !('fetchUrl' in SERVERS[n]));

/** True when `name` is a server of the course. */
export function isServerName(name: unknown): name is ServerName {
  return typeof name === 'string' && Object.hasOwn(SERVERS, name);
}

/**
 * The entry for `name`. Throws an Error naming the known servers when `name`
 * is not one, or when `widget` is given and may not run it: lessons call this
 * at build time, so a typo stops the build instead of silently running another
 * server.
 */
export function serverEntry(name: string, widget?: WidgetName): ServerEntry {
  if (!isServerName(name)) throw new Error(`unknown server "${name}"; known: ${SERVER_NAMES.join(', ')}`);
  const entry: ServerEntry = SERVERS[name];
  if (widget && !entry.widgets.includes(widget)) {
    const allowed = SERVER_NAMES.filter((n) => (SERVERS[n].widgets as readonly WidgetName[]).includes(widget));
    throw new Error(`${widget} cannot run server "${name}"; it can run: ${allowed.join(', ')}`);
  }
  return entry;
}

/** Names of the servers a widget may run, in picker order. */
export function serversFor(widget: WidgetName): ServerName[] {
  return SERVER_NAMES.filter((n) => (SERVERS[n].widgets as readonly WidgetName[]).includes(widget));
}
