// The JUnit report (src/checker/junit.ts) of real runs, read back with a conformant XML 1.0 parser (saxes):
// the document is well-formed, has one <testsuite> per stage and one <testcase> per check, and its counts,
// names, failures, skips and warnings are the report's. Two servers written for this test put XML's special
// characters (and control characters XML cannot carry at all) on the wire and in their error messages.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeEngine } from '../../../src/engines/node/node-engine.ts';
import { runChecks, withWords, type CheckOptions, type CheckReport, type CheckResult, type WordedCheck } from '../../../src/checker/index.ts';
import { checkWordsIn } from '../../../src/i18n/checks.ts';
import { toJUnit } from '../../../src/checker/junit.ts';
import { REFERENCE, writeMutants } from '../../fixtures/mutants/generate.mjs';

const ROOT = new URL('../../../', import.meta.url).pathname;
const FAST: CheckOptions = { replyTimeoutMs: 5000, exitTimeoutMs: 2000, quietMs: 150 };
let dir: string;

/** An element as the parser read it. */
interface Element {
  name: string;
  attributes: Record<string, string>;
  children: Element[];
  text: string;
}

/** Parses `xml` with saxes (throws on anything that is not well-formed XML 1.0); returns the root element. */
function parseXml(xml: string): Element {
  const parser = new SaxesParser();
  const stack: Element[] = [];
  let root: Element | undefined;
  parser.on('opentag', (tag) => {
    const el: Element = { name: tag.name, attributes: tag.attributes as Record<string, string>, children: [], text: '' };
    if (stack.length > 0) stack.at(-1)!.children.push(el);
    else root = el;
    stack.push(el);
  });
  parser.on('text', (text) => {
    if (stack.length > 0) stack.at(-1)!.text += text;
  });
  parser.on('closetag', () => void stack.pop());
  parser.write(xml).close();
  return root!;
}

/** What a text of the report becomes in XML: the characters XML 1.0 cannot carry written as \uXXXX. */
const xmlSafe = (s: string) => s.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);

async function check(root: string, entry: string, options: CheckOptions = {}): Promise<CheckReport<WordedCheck>> {
  const engine = new NodeEngine({ root });
  return withWords(await runChecks(() => engine.spawn(entry), { ...FAST, ...options }), checkWordsIn('en'));
}

/** Asserts that the JUnit document says what the report says, testcase by testcase. */
function expectSame(report: CheckReport<WordedCheck>, xml: string, strict: boolean, name: string): Element {
  const doc = parseXml(xml);
  const checks = report.stages.flatMap((s) => s.checks);
  const failing = (c: CheckResult) => c.status === 'fail' || (strict && c.status === 'warn');
  const skipping = (c: CheckResult) => c.status === 'skipped' || c.status === 'not-run';
  expect(doc.name).toBe('testsuites');
  expect(doc.attributes).toMatchObject({ name, tests: String(checks.length), failures: String(checks.filter(failing).length), errors: '0', skipped: String(checks.filter(skipping).length) });
  expect(doc.children.map((s) => s.name)).toEqual(report.stages.map(() => 'testsuite'));
  for (const [i, stage] of report.stages.entries()) {
    const suite = doc.children[i]!;
    expect(suite.attributes).toMatchObject({ name: `Stage ${stage.number}: ${stage.title}`, id: stage.id, tests: String(stage.checks.length), failures: String(stage.checks.filter(failing).length), skipped: String(stage.checks.filter(skipping).length) });
    expect(suite.children.length).toBe(stage.checks.length);
    for (const [j, c] of stage.checks.entries()) {
      const tc = suite.children[j]!;
      expect(tc.name).toBe('testcase');
      expect(tc.attributes.classname).toBe(stage.id);
      expect(tc.attributes.name).toBe(`${c.id}: ${c.rule}`);
      expect(Number(tc.attributes.time)).toBeCloseTo(c.elapsedMs / 1000, 3);
      const kids = tc.children.map((k) => k.name);
      if (failing(c)) {
        expect(kids).toEqual(['failure']);
        const f = tc.children[0]!;
        expect(f.attributes.type).toBe(c.level === 'should' ? 'SHOULD' : 'MUST');
        expect(f.attributes.message).toBe(xmlSafe(c.actual ?? ''));
        for (const part of [c.expected, c.hint, c.specUrl, c.quote]) expect(f.text).toContain(xmlSafe(part));
      } else if (skipping(c)) {
        expect(kids).toEqual(['skipped']);
        const word = c.status === 'skipped' ? 'skipped' : 'not run';
        expect([`${word}: ${xmlSafe(c.reason ?? '')}`, xmlSafe(c.reason ?? '')]).toContain(tc.children[0]!.attributes.message);
        expect(tc.children[0]!.attributes.message!.startsWith(`${word}:`)).toBe(true);
      } else if (c.status === 'warn') {
        expect(kids).toEqual(['system-out']);
        expect(tc.children[0]!.text).toMatch(/^WARNING \(SHOULD\): /);
        expect(tc.children[0]!.text).toContain(xmlSafe(c.actual ?? ''));
        expect(tc.children[0]!.text).toContain(c.specUrl);
      } else {
        expect(c.status).toBe('pass');
        expect(kids).toEqual([]);
      }
    }
  }
  return doc;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'junit-'));
  writeMutants(dir);
  const reference = readFileSync(REFERENCE, 'utf8');
  const swap = (text: string, find: string, replace: string) => {
    expect(text.split(find).length, `exactly one ${find}`).toBe(2);
    return text.replace(find, replace);
  };
  // Writes XML's special characters and control characters to stdout as a line that is not JSON (framing fails).
  writeFileSync(join(dir, 'hostile-stdout.mjs'), swap(reference, "process.stderr.write('reference: ready\\n');", 'process.stdout.write(\'boot <b a="1">&amp; \\\'q\\\'</b> ]]> \\u0001\\u0007\\u001b[31m \\uFFFF done\\n\');'));
  // Answers an unknown method with the wrong code and a message full of XML's special characters.
  writeFileSync(join(dir, 'hostile-message.mjs'), swap(reference, "throw new RpcError(-32601, 'Method not found');", 'throw new RpcError(-32600, \'Not <found> & "gone" ]]> \\\'here\\\'\');'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('toJUnit', () => {
  it('a passing server: one suite per stage, one testcase per check, no failure', async () => {
    const report = await check(ROOT, 'toy-servers/calendar.mjs');
    const doc = expectSame(report, toJUnit(report, { name: 'calendar' }), false, 'calendar');
    expect(doc.attributes.failures).toBe('0');
    expect(doc.children.length).toBe(8);
  }, 90_000);

  it('control characters and XML markup from the server: still well-formed, every text read back as it was', async () => {
    const report = await check(dir, 'hostile-stdout.mjs');
    const xml = toJUnit(report, { name: 'a name with <markup> & "quotes"' });
    expect(xml).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/);
    const doc = expectSame(report, xml, false, 'a name with <markup> & "quotes"');
    const failure = doc.children[0]!.children.find((tc) => tc.attributes.name!.startsWith('framing.stdout-only: '))!.children[0]!;
    expect(failure.name).toBe('failure');
    // The stray line, in the wire lines of the failure's text: markup as text, control characters as \uXXXX.
    expect(failure.text).toContain('<- [1] boot <b a="1">&amp; \'q\'</b> ]]> \\u0001\\u0007\\u001B[31m \\uFFFF done');
    // Stages 2 to 8 did not run: each testcase skipped with the reason.
    for (const suite of doc.children.slice(1)) for (const tc of suite.children) expect(tc.children[0]!.attributes.message).toBe('not run: stage 1 failed');
  }, 90_000);

  it('a server message with markup in a failure message attribute', async () => {
    const report = await check(dir, 'hostile-message.mjs');
    const failed = report.stages.flatMap((s) => s.checks).filter((c) => c.status === 'fail');
    expect(failed.map((c) => c.id)).toContain('jsonrpc.unknown-method');
    expect(failed.find((c) => c.id === 'jsonrpc.unknown-method')!.actual).toContain('Not <found> & \\"gone\\" ]]>');
    expectSame(report, toJUnit(report, { name: 'x' }), false, 'x');
  }, 90_000);

  it('a warning is a passed testcase with a WARNING in system-out; strict makes it a SHOULD failure', async () => {
    const report = await check(dir, 'ok-no-identity.mjs');
    expect(report.summary.checksWarned).toBe(1);
    const loose = expectSame(report, toJUnit(report, { name: 'w' }), false, 'w');
    expect(loose.attributes.failures).toBe('0');
    const strict = expectSame(report, toJUnit(report, { name: 'w', strict: true }), true, 'w');
    expect(strict.attributes.failures).toBe('1');
    // A report of a --strict run is strict JUnit by itself.
    const strictRun = await check(dir, 'ok-no-identity.mjs', { strict: true });
    expectSame(strictRun, toJUnit(strictRun, { name: 'w' }), true, 'w');
  }, 120_000);

  it('checks the tool policy kept out are skipped testcases with the reason', async () => {
    const report = await check(dir, 'unannotated-state-not-verified.mjs', { callTools: 'safe' });
    expect(report.verdict).toBe('incomplete');
    const doc = expectSame(report, toJUnit(report, { name: 'safe' }), false, 'safe');
    const testcases = doc.children.flatMap((s) => s.children);
    for (const i of report.incomplete) {
      const tc = testcases.find((t) => t.attributes.name!.startsWith(`${i.id}: `))!;
      expect(tc.children[0]!.name).toBe('skipped');
      expect(tc.children[0]!.attributes.message).toBe(`not run: ${i.reason}`);
    }
  }, 90_000);

  it('the parser used here rejects what is not well-formed (so the checks above can fail)', () => {
    for (const bad of ['<a b="<"/>', '<a>\u0001</a>', '<a b="1" b="2"/>', '<a/><b/>', '<a>]]></a>', '<a>&</a>']) expect(() => parseXml(bad), bad).toThrow();
  });
});
