/**
 * The recorded exchanges Replay starts from, one per catalog a server may
 * serve (its registry entry's `catalog`), as editable text.
 *
 * A message may name a value that only the live run knows with a placeholder
 * inside a JSON string: `{{requestState}}` (the `requestState` of the latest
 * `input_required` reply) or `{{calendar}}` (the handle the latest
 * `open_calendar` returned). See `substitute.ts`.
 *
 * The step labels are prose (src/i18n, area `replay`, in the language in
 * force); the messages are wire bytes and never translated.
 */
import { t } from '../../i18n/index.ts';
import { isServerName, serverEntry, type SERVERS, type ServerName } from '../../../toy-servers/registry.ts';

/** One message of an exchange. */
export interface ReplayMessage {
  /** What the step is, in a few words, e.g. "Ask: create_event without startsAt" (in the language in force). */
  label: string;
  /** The JSON-RPC message, pretty-printed (compacted to one line before sending). */
  text: string;
}

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
  'io.modelcontextprotocol/clientInfo': { name: 'mcp-by-hand', version: '0.1.0' },
};

const pretty = (message: object): string => JSON.stringify(message, null, 2);

const call = (id: number, name: string, args: object, extra: object = {}) =>
  pretty({ jsonrpc: '2.0', id, method: 'tools/call', params: { _meta: META, name, arguments: args, ...extra } });

const read = (id: number, uri: string) => pretty({ jsonrpc: '2.0', id, method: 'resources/read', params: { _meta: META, uri } });

const ANSWER = { when: { action: 'accept', content: { startsAt: '2026-09-10T08:30:00Z' } } };

/** The servers Replay has a recorded exchange for: those the registry lets Replay run (`widgets` has `Replay`). */
export type ReplayServer = { [K in ServerName]: (typeof SERVERS)[K] extends { widgets: readonly (infer W)[] } ? ('Replay' extends W ? K : never) : never }[ServerName];

/**
 * The default exchange of a server (a fresh copy each call), by the
 * `catalog` of its registry entry:
 * - `calendar`: create_event without startsAt → input_required; the answer
 *   (new id, inputResponses, the same requestState); resources/read calendar://week.
 * - `calendar-handles`: open_calendar → create_event with the handle → the
 *   answer → resources/read calendar://{handle}/week.
 * Throws an Error naming the server when its entry has no `catalog`.
 */
export function defaultExchange(server: ReplayServer): ReplayMessage[] {
  const catalog = serverEntry(server).catalog;
  if (catalog === undefined) throw new Error(`Replay has no recorded exchange for server "${server}": its registry entry has no catalog`);
  if (catalog === 'calendar-handles') {
    return [
      { label: t('replay.stepOpen'), text: call(1, 'open_calendar', {}) },
      { label: t('replay.stepAsk'), text: call(2, 'create_event', { calendar: '{{calendar}}', title: 'Dentist' }) },
      {
        label: t('replay.stepAnswer'),
        text: call(3, 'create_event', { calendar: '{{calendar}}', title: 'Dentist' }, { inputResponses: ANSWER, requestState: '{{requestState}}' }),
      },
      { label: t('replay.stepRead'), text: read(4, 'calendar://{{calendar}}/week') },
    ];
  }
  return [
    { label: t('replay.stepAsk'), text: call(1, 'create_event', { title: 'Dentist' }) },
    {
      label: t('replay.stepAnswer'),
      text: call(2, 'create_event', { title: 'Dentist' }, { inputResponses: ANSWER, requestState: '{{requestState}}' }),
    },
    { label: t('replay.stepRead'), text: read(3, 'calendar://week') },
  ];
}

/** True when `name` is a server Replay runs, so it has a recorded exchange. */
export function isReplayServer(name: string): name is ReplayServer {
  return isServerName(name) && serverEntry(name).widgets.includes('Replay');
}
