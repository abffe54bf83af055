/**
 * The flow widgets' logic (ProbeFlow, HandshakeHazard, Replay, TokenMeter) against the real toy
 * servers as Node processes: the same code the islands run in the page, with
 * the Node engine instead of the Worker engine.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { get_encoding } from 'tiktoken';
import { afterAll, describe, expect, it } from 'vitest';
import { NodeEngine } from '../../../src/engines/node/node-engine.ts';
import { measureCatalog } from '../../../src/protocol/index.ts';
import { pathTaken } from '../../../src/components/probe-flow/branches.ts';
import { runHazard } from '../../../src/components/handshake-hazard/hazard-run.ts';
import { runProbe } from '../../../src/components/probe-flow/probe-run.ts';
import { defaultExchange } from '../../../src/components/replay/exchanges.ts';
import { runReplay } from '../../../src/components/replay/replay-run.ts';
import { eventVerdict } from '../../../src/components/replay/verdict.ts';
import { fetchCatalog } from '../../../src/components/token-meter/catalog-source.ts';
import { MEASURED_ARGS, REPO_ROOT } from '../../../src/cli/measured-facts.ts';
import { measureServer } from '../../../src/cli/server-report.ts';
import { createO200kTokenizer } from '../../../src/cli/tiktoken-tokenizer.ts';

const root = mkdtempSync(join(tmpdir(), 'flows-'));
cpSync(new URL('../../../toy-servers', import.meta.url).pathname, join(root, 'toy-servers'), { recursive: true });
afterAll(() => rmSync(root, { recursive: true, force: true }));
const engine = new NodeEngine({ root });

describe('probe', () => {
  it('legacy.mjs: -32601, falls back to initialize, agrees on 2025-11-25', async () => {
    const run = await runProbe(engine, 'legacy');
    expect(run.pid).toBeGreaterThan(0);
    const [discover, init, initialized] = run.report.steps;
    expect(discover.branch).toBe('legacy-fallback');
    expect(JSON.parse(discover.received!).error.code).toBe(-32601);
    expect(JSON.parse(init.sent).method).toBe('initialize');
    expect(JSON.parse(init.received!).result.protocolVersion).toBe('2025-11-25');
    expect(JSON.parse(initialized.sent).method).toBe('notifications/initialized');
    expect(run.report.protocolVersion).toBe('2025-11-25');
    expect(pathTaken(run.report)).toEqual(['discover', 'legacy-fallback', 'initialize', 'initialized', 'legacy']);
    expect(pathTaken(run.report, 1)).toEqual(['discover', 'legacy-fallback']);
  });

  it('calendar.mjs: DiscoverResult, modern, never initialize', async () => {
    const run = await runProbe(engine, 'calendar');
    expect(run.report.era).toBe('modern');
    expect(run.report.steps.map((s) => s.kind)).toEqual(['discover']);
    expect(pathTaken(run.report)).toEqual(['discover', 'discover-result', 'modern']);
  });

  it('the hazard: a fresh legacy process serves tools/list with no handshake', async () => {
    const run = await runHazard(engine, 'legacy');
    expect(run.result.served).toBe(true);
    expect(JSON.parse(run.result.sent).method).toBe('tools/list');
    expect(JSON.parse(run.result.received!).result.tools[0].name).toBe('create_event');
  });
});

describe('replay', () => {
  it('calendar.mjs, one process: the answered call creates the event and the read sees it', async () => {
    const steps = await runReplay(engine, 'calendar', defaultExchange('calendar'), 'one-process');
    expect(new Set(steps.map((s) => s.pid)).size).toBe(1);
    const state = JSON.parse(steps[0].received!).result.requestState;
    expect(steps[1].substituted).toEqual([{ name: 'requestState', value: state }]);
    expect(JSON.parse(steps[1].sent).params.requestState).toBe(state);
    expect(JSON.parse(steps[1].sent).id).not.toBe(JSON.parse(steps[0].sent).id);
    expect(eventVerdict(steps)).toMatchObject({ created: { id: 'e3', title: 'Dentist' }, found: true });
  });

  it('calendar.mjs, fresh process per message: the call completes in a new process, the read in a third misses it', async () => {
    const steps = await runReplay(engine, 'calendar', defaultExchange('calendar'), 'fresh-process');
    expect(new Set(steps.map((s) => s.pid)).size).toBe(3);
    expect(steps[0].classification?.kind).toBe('input_required');
    expect(steps[1].classification?.kind).toBe('complete');
    const v = eventVerdict(steps);
    expect(v.created?.pid).toBe(steps[1].pid);
    expect(v.read?.pid).toBe(steps[2].pid);
    expect(v.found).toBe(false);
  });

  it('calendar-handles.mjs, fresh process per message: the event is there', async () => {
    const steps = await runReplay(engine, 'calendar-handles', defaultExchange('calendar-handles'), 'fresh-process');
    expect(new Set(steps.map((s) => s.pid)).size).toBe(4);
    expect(steps[1].substituted.map((s) => s.name)).toEqual(['calendar']);
    expect(steps[3].sent).toMatch(/calendar:\/\/cal_[A-Za-z0-9_-]{22}\/week/);
    expect(eventVerdict(steps)).toMatchObject({ found: true });
  });

  it('a message that is not JSON is sent as typed and the server answers -32700', async () => {
    const steps = await runReplay(engine, 'calendar', [{ label: 'broken', text: '{"jsonrpc":' }], 'one-process');
    expect(steps[0].valid).toBe(false);
    expect(steps[0].classification).toMatchObject({ kind: 'error', code: -32700 });
  });
});

describe('token meter source', () => {
  it('lists the calendar catalog with its instructions; counts match tiktoken o200k_base in Node', async () => {
    const catalog = await fetchCatalog(engine, 'calendar');
    expect(catalog.tools.map((t) => t.name)).toEqual(['create_event']);
    expect(catalog.instructions).toMatch(/toy calendar/);
    const enc = get_encoding('o200k_base');
    const figures = measureCatalog(catalog, { count: (t) => enc.encode(t).length });
    enc.free();
    expect(figures.python.total).toBeGreaterThan(figures.compact.total);
  });

  it('lists the legacy catalog after the handshake', async () => {
    const catalog = await fetchCatalog(engine, 'legacy');
    expect(catalog.era).toBe('legacy');
    expect(catalog.protocolVersion).toBe('2025-11-25');
    expect(catalog.tools).toHaveLength(1);
  });

  it('the reference server: the catalog after initialize + notifications/initialized, counted as `npm run probe` counts it', async () => {
    // server-everything registers its 13th tool only once notifications/initialized arrives (12 without the
    // handshake), so 13 tools here proves the meter completed the handshake before listing.
    const nodeEngine = new NodeEngine({ root: REPO_ROOT });
    const [entry, ...args] = MEASURED_ARGS;
    expect(args).toEqual(['stdio']); // the package's default transport: the meter spawns it without arguments
    const catalog = await fetchCatalog(nodeEngine, 'everything', { entryOf: () => entry! });
    expect(catalog.era).toBe('legacy');
    expect(catalog.protocolVersion).toBe('2025-11-25');
    expect(catalog.tools).toHaveLength(13);
    const tokenizer = createO200kTokenizer();
    try {
      const cli = await measureServer(process.execPath, MEASURED_ARGS, tokenizer, { cwd: REPO_ROOT, hazard: false });
      expect(cli.counts.tools).toBe(13);
      const mine = measureCatalog(catalog, tokenizer);
      expect(mine).toEqual(cli.tokens);
    } finally {
      tokenizer.free();
    }
  });
});
