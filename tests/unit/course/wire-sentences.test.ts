/**
 * Sentences of the lessons that describe a toy server's source or bytes, or a rule of the specification, checked
 * in both editions (`lessons/<slug>.mdx` and `lessons/id/<slug>.mdx`) against what they describe: the server's
 * file as it is, the bytes it really sends (its fetch handler called in this process, or a real `node` child
 * process), the widget's words from `src/i18n`, and the specification's own wording where a lesson paraphrases
 * a rule (https://modelcontextprotocol.io/specification/2026-07-28/).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { t, type Lang } from '../../../src/i18n/index.ts';
import { handle } from '../../../toy-servers/http.mjs';
import { REQUEST_STATE_TTL_MS } from '../../../toy-servers/request-state.mjs';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const LANGS: Lang[] = ['en', 'id'];
const lesson = (slug: string, lang: Lang) => readFileSync(`${ROOT}lessons/${lang === 'en' ? '' : `${lang}/`}${slug}.mdx`, 'utf8');
const source = (file: string) => readFileSync(`${ROOT}toy-servers/${file}`, 'utf8');

/** The paragraph or list item of `text` (lines up to a blank line or the next item) that contains `needle`. */
function blockWith(text: string, needle: string | RegExp): string {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => (typeof needle === 'string' ? l.includes(needle) : needle.test(l)));
  expect(at, `a line with ${String(needle)}`).toBeGreaterThanOrEqual(0);
  const isStart = (l: string) => l.trim() === '' || /^\s*(\d+\.|-)\s/.test(l);
  let from = at;
  while (from > 0 && !isStart(lines[from]!) && lines[from - 1]!.trim() !== '') from--;
  let to = at + 1;
  while (to < lines.length && !isStart(lines[to]!)) to++;
  return lines.slice(from, to).join('\n').replace(/\s+/g, ' ');
}

describe('one-message-per-line: where the two console.log calls of noisy.mjs are', () => {
  const lines = source('noisy.mjs').split('\n');
  const calls = lines.flatMap((line, i) => (line.includes('console.log(') ? [{ line, i }] : []));
  /** The name of the function a line sits in: the nearest line above, indented less, that opens `name: (` or `function name`. */
  function enclosing(i: number): string | undefined {
    const indent = (l: string) => l.length - l.trimStart().length;
    for (let j = i - 1; j >= 0; j--) {
      const m = /^\s*(?:(\w+)\s*:\s*\(|(?:async\s+)?function\s+(\w+))/.exec(lines[j]!);
      if (m && indent(lines[j]!) < indent(lines[i]!)) return m[1] ?? m[2];
    }
    return undefined;
  }

  it('noisy.mjs has two: the banner, the first statement after the imports, and a debug print inside a function', () => {
    expect(calls).toHaveLength(2);
    const [banner, debug] = calls;
    expect(enclosing(banner!.i)).toBeUndefined();
    const code = lines.flatMap((l, i) => (/^\s*($|\/\/|\/\*\*?|\*)/.test(l) ? [] : [i]));
    const firstAfterImports = code.find((i) => !lines[i]!.startsWith('import ') && code.indexOf(i) > code.findLastIndex((j) => lines[j]!.startsWith('import ')));
    expect(banner!.i).toBe(firstAfterImports);
    expect(enclosing(debug!.i)).toBe('beforeReply');
  });

  for (const lang of LANGS) {
    it(`${lang}: the editor step names the function the debug print is in, and places the banner near the top`, () => {
      const step = blockWith(lesson('one-message-per-line', lang), /^1\. .*`console\.log\(`/);
      const debug = calls.find((c) => enclosing(c.i) !== undefined)!;
      expect(step).toContain(`\`${enclosing(debug.i)}\``);
      // Every identifier the step names in backticks is in the file.
      for (const [, name] of step.matchAll(/`([A-Za-z_]\w*)`/g)) expect(source('noisy.mjs'), `the step names ${name}`).toContain(name);
      expect(step).toContain(lang === 'en' ? 'banner near the top, just after the imports' : 'banner di dekat awal file, tepat setelah baris import');
      expect(step).not.toMatch(lang === 'en' ? /near the end/ : /dekat akhir/);
    });
  }
});

describe('streamable-http: the shortened SSE sample says everything it leaves out', () => {
  const STEP_2 = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} }, name: 'create_event', arguments: { title: 'Dentist', startsAt: '2026-09-10T08:30:00Z' } } };
  /** The words each edition uses for the result's second text block. */
  const SECOND_BLOCK: Record<Lang, string> = { en: 'second text block', id: 'blok teks kedua' };

  const dataOf = (text: string) => JSON.parse(/^data: (.*)$/m.exec(text)![1]!);
  /** The step-2 response's result, from http.mjs's own handler; asked once, as the lesson's step 2 is the first event created. */
  let step2: Promise<Record<string, any>> | undefined;
  const realResult = () => (step2 ??= handle(new Request('http://127.0.0.1/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'create_event' },
    body: JSON.stringify(STEP_2),
  })).then(async (res) => dataOf(await res.text()).result));

  for (const lang of LANGS) {
    it(`${lang}: each part of the real step-2 response missing from the sample is named before it`, async () => {
      const real = await realResult();
      const text = lesson('streamable-http', lang);
      const block = /\n([^\n]*\n[^\n]*)\n\n```text\n(: the response to tools\/call follows[\s\S]*?)```/.exec(text);
      expect(block, 'the SSE sample and the two lines before it').not.toBeNull();
      const [, sentence, sample] = block!;
      const shown = dataOf(sample!).result;
      for (const [key, value] of Object.entries(shown)) {
        if (key === 'content') continue;
        expect(value, `${key} as the server sends it`).toEqual(real[key]);
      }
      expect(shown.content).toEqual(real.content.slice(0, shown.content.length));
      const left = Object.keys(real).filter((k) => !(k in shown));
      expect(left.length).toBeGreaterThan(0);
      for (const key of left) expect(sentence, `the sentence names ${key}`).toContain(`\`${key}\``);
      if (real.content.length > shown.content.length) {
        expect(real.content.length - shown.content.length).toBe(1);
        expect(sentence!.replace(/\s+/g, ' ')).toContain(SECOND_BLOCK[lang]);
      }
    });
  }
});

describe('versions-and-neighbours: the includeContext values go no later than sampling (the changelog)', () => {
  // Changelog: "these values will be removed no later than the Sampling feature itself."
  // https://modelcontextprotocol.io/specification/2026-07-28/changelog
  const WORDS: Record<Lang, { must: string; not: RegExp }> = {
    en: { must: 'no later than sampling itself', not: /together with/ },
    id: { must: 'paling lambat bersamaan dengan sampling', not: /hilang bersama sampling/ },
  };
  for (const lang of LANGS) {
    it(lang, () => {
      const item = blockWith(lesson('versions-and-neighbours', lang), /^- \*\*.*`includeContext`/);
      expect(item).toContain(WORDS[lang].must);
      expect(item).not.toMatch(WORDS[lang].not);
    });
  }
});

describe('write-your-own-server: at the end of stdin a server should exit promptly, with no exit code named', () => {
  // stdio page: "Servers SHOULD exit promptly when their standard input is closed or reads return end-of-file."
  // https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio#shutdown
  const WORDS: Record<Lang, string[]> = { en: ['should exit promptly', 'names no exit code'], id: ['sebaiknya segera keluar', 'tidak menetapkan kode keluar'] };
  for (const lang of LANGS) {
    it(lang, () => {
      const para = blockWith(lesson('write-your-own-server', lang), 'transports/stdio#shutdown');
      for (const w of WORDS[lang]) expect(para).toContain(w);
      expect(para).not.toMatch(/(exit|keluar)[^.]{0,20}(code|kode) 0/);
    });
  }
});

describe('caching: a stream the server tears down gets a result and, on stdio, notifications/cancelled', () => {
  const listen = { jsonrpc: '2.0', id: 'w', method: 'subscriptions/listen', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} }, notifications: { resourceSubscriptions: ['calendar://week'] } } };
  const WORDS: Record<Lang, { result: string; cancelled: string; calendar: string }> = {
    en: { result: 'answer the listen request with a normal result', cancelled: 'must then send `notifications/cancelled`', calendar: '`listening-calendar.mjs` sends both' },
    id: { result: 'menjawab request listen dengan result biasa', cancelled: 'lalu wajib mengirim `notifications/cancelled`', calendar: '`listening-calendar.mjs` mengirim keduanya' },
  };

  it('listening-calendar.mjs, a real process, sends both when its stdin closes: the result first, then the notification', () => {
    const run = spawnSync(process.execPath, [`${ROOT}toy-servers/listening-calendar.mjs`], { input: `${JSON.stringify(listen)}\n`, encoding: 'utf8', timeout: 20_000 });
    const out = run.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(out.map((m) => m.method ?? `reply ${m.id}`)).toEqual(['notifications/subscriptions/acknowledged', 'reply w', 'notifications/cancelled']);
    expect(out[2].params.requestId).toBe('w');
  });

  for (const lang of LANGS) {
    it(`${lang}: the lesson says both, and that listening-calendar.mjs sends both`, () => {
      const para = blockWith(lesson('caching-and-change-notifications', lang), lang === 'en' ? 'The stream ends when' : 'Aliran berakhir ketika');
      for (const w of Object.values(WORDS[lang])) expect(para).toContain(w);
    });
  }
});

describe('statelessness-tested: the Replay steps say what the widget shows', () => {
  for (const lang of LANGS) {
    it(`${lang}: step 1 says the reply is folded under the Replay's own words, and quotes its verdict line`, () => {
      const step = blockWith(lesson('statelessness-tested', lang), /^1\. .*calendar\.mjs/);
      expect(step).toContain(`\`${t('replay.received', { what: 'complete' }, lang)}\``);
      expect(step).toContain(`\`${t('replay.found', { id: 'e3', title: 'Dentist', pid: '…', readPid: '…' }, lang).replace(/\.$/, '')}\``);
    });
  }
});

describe('three-primitives: step 3 quotes the lines of calendar.mjs it asks the reader to edit', () => {
  const calendar = source('calendar.mjs');
  const LINES = ['export const TOOLS = [CREATE_EVENT_TOOL];', 'const { tool, args } = findTool(params, TOOLS);', 'export const TOOLS'];
  it('calendar.mjs names its tools once, in TOOLS, which tools/list and callTool both read', () => {
    expect(calendar.split(LINES[0])).toHaveLength(2);
    expect(calendar).toContain("'tools/list': (params) => onePage(params, { tools: TOOLS, ...CATALOG_CACHE })");
    expect(calendar).toContain(LINES[1]);
  });
  for (const lang of LANGS) {
    it(lang, () => {
      const step = blockWith(lesson('three-primitives', lang), '[CREATE_EVENT_TOOL, LIST_EVENTS_TOOL]');
      for (const line of LINES) expect(step).toContain(`\`${line}`);
      expect(step).not.toMatch(/TOY_COUNTDOWN|WITH_COUNTDOWN/);
    });
  }
});

describe('asking-the-person: the sealing it explains is request-state.mjs, shown whole and as it is', () => {
  const file = source('request-state.mjs');
  for (const lang of LANGS) {
    it(lang, () => {
      const text = lesson('asking-the-person', lang);
      const fence = '```js title="toy-servers/request-state.mjs"\n';
      const at = text.indexOf(fence);
      expect(at, 'the lesson shows the file in a code block').toBeGreaterThanOrEqual(0);
      const shown = text.slice(at + fence.length, text.indexOf('\n```', at + fence.length) + 1);
      expect(shown).toBe(file);
      for (const reason of ['bad_signature', 'arguments_mismatch']) expect(file).toContain(`fail('${reason}'`);
    });
  }
});

describe('Replay: what it says about replaying a requestState is true of the calendar', () => {
  // mrtr page: binding and expiry "do not by themselves guarantee single-use".
  // https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr
  const minutes = REQUEST_STATE_TTL_MS / 60_000;
  const WORDS: Record<Lang, { ttl: string; single: string; not: RegExp }> = {
    en: { ttl: `${minutes} minutes`, single: 'is not single-use', not: /cannot be replayed/ },
    id: { ttl: `${minutes} menit`, single: 'belum berarti sekali pakai', not: /tidak bisa diputar ulang/ },
  };
  for (const lang of LANGS) {
    it(lang, () => {
      const help = t('replay.editHelp', {}, lang);
      expect(help).toContain(WORDS[lang].ttl);
      expect(help).toContain(WORDS[lang].single);
      expect(help).not.toMatch(WORDS[lang].not);
    });
  }
});
