/**
 * The registry is the one list of servers: the Console's worked examples and
 * Replay's recorded exchanges go to a server by its entry's `catalog`. These
 * checks run the servers that claim a catalog and hold the claim to what they
 * list, so an entry that claims the wrong catalog fails here.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { NodeEngine } from '../../../src/engines/node/node-engine.ts';
import { Connection } from '../../../src/protocol/connection.ts';
import { RequestBuilder } from '../../../src/protocol/request-builder.ts';
import { SERVER_NAMES, serverEntry, serversFor, type ServerEntry, type ServerName } from '../../../toy-servers/registry.ts';
import { examplesFor, templates } from '../../../src/components/console/templates.ts';
import { defaultExchange, isReplayServer } from '../../../src/components/replay/exchanges.ts';

const engine = new NodeEngine({ root: fileURLToPath(new URL('../../../', import.meta.url)) });
const open: Connection[] = [];
afterAll(async () => {
  await Promise.all(open.map((c) => c.close(500)));
});

/** What a running stdio server lists: tool names, resource URIs and resource-template URIs, prompt names. */
async function listed(name: ServerName, entry: ServerEntry): Promise<{ tools: string[]; resources: string[]; templates: string[]; prompts: string[] }> {
  const conn = new Connection(await engine.spawn(entry.file), { timeoutMs: 10_000 });
  open.push(conn);
  const b = new RequestBuilder();
  const ask = async (method: string): Promise<Record<string, unknown>> => {
    const reply = await conn.request(entry.era === 'legacy' ? b.legacyRequest(method) : b.request(method));
    const result = (reply.message as { result?: Record<string, unknown> }).result;
    if (!result) throw new Error(`${name}: ${method} got no result: ${JSON.stringify(reply.message)}`);
    return result;
  };
  if (entry.era === 'legacy') {
    await conn.request(b.legacyRequest('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'test', version: '0' } }));
    conn.notify(b.notification('notifications/initialized'));
  }
  const names = (list: unknown, key: string) => (Array.isArray(list) ? list.map((x) => String((x as Record<string, unknown>)[key])) : []);
  const resources = await ask('resources/list');
  const tpl: string[] = entry.era === 'legacy' ? [] : names((await ask('resources/templates/list').catch((): Record<string, unknown> => ({}))).resourceTemplates, 'uriTemplate');
  return {
    tools: names((await ask('tools/list')).tools, 'name'),
    resources: names(resources.resources, 'uri'),
    templates: tpl,
    prompts: entry.catalog === 'calendar-handles' ? [] : names((await ask('prompts/list')).prompts, 'name'), // the handles calendar has no prompts
  };
}

describe('the registry is the one list of servers: catalogs', () => {
  it('the Console gives the calendar examples to exactly the servers whose entry has a catalog', () => {
    for (const name of SERVER_NAMES) expect(examplesFor(name), name).toBe(serverEntry(name).catalog ? 'calendar' : 'none');
    expect(serversFor('Console').filter((n) => examplesFor(n) === 'none')).toContain('everything');
  });

  it('Replay runs exactly the servers the registry lets it run, and each has a catalog and an exchange', () => {
    for (const name of SERVER_NAMES) expect(isReplayServer(name), name).toBe(serversFor('Replay').includes(name));
    expect(isReplayServer('nope')).toBe(false);
    for (const name of serversFor('Replay')) {
      expect(serverEntry(name).catalog, name).toBeDefined();
      if (isReplayServer(name)) expect(defaultExchange(name).length, name).toBeGreaterThan(0);
    }
  });

  // The stdio ones: http.mjs is spoken to over HTTP only.
  const calendarServers = SERVER_NAMES.filter((n) => serverEntry(n).catalog === 'calendar' && serverEntry(n).transport === 'stdio');
  it.each(calendarServers)('%s lists every tool, resource and prompt of the calendar examples the Console offers it', async (name) => {
    const entry = serverEntry(name);
    const has = await listed(name, entry);
    const examples = templates(1, false, new RequestBuilder(), { era: entry.era, examples: 'calendar' })
      .map((tpl) => JSON.parse(tpl.text) as { method: string; params?: { name?: string; uri?: string } })
      .filter((m) => ['tools/call', 'resources/read', 'prompts/get'].includes(m.method));
    expect(examples.length).toBeGreaterThan(0);
    for (const m of examples) {
      if (m.method === 'tools/call') expect(has.tools, name).toContain(m.params!.name);
      if (m.method === 'resources/read') expect(has.resources, name).toContain(m.params!.uri);
      if (m.method === 'prompts/get') expect(has.prompts, name).toContain(m.params!.name);
    }
  });

  const handleServers = SERVER_NAMES.filter((n) => serverEntry(n).catalog === 'calendar-handles');
  it.each(handleServers)('%s serves what its Replay exchange sends: open_calendar, create_event and the handle\'s week', async (name) => {
    const has = await listed(name, serverEntry(name));
    expect(has.tools).toEqual(expect.arrayContaining(['open_calendar', 'create_event']));
    expect(has.templates.some((u) => u.startsWith('calendar://{') && u.endsWith('}/week'))).toBe(true);
  });
});
