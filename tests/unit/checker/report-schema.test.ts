// The JSON Schema of `npm run check-server -- --json` (src/checker/report.schema.json): it is a valid JSON
// Schema 2020-12 document (Ajv in strict mode), it names exactly the fields and values of the report's
// TypeScript types (read with the TypeScript compiler from src/checker/types.ts and src/protocol/failure.ts),
// and the real CLI's output validates against it: a passing toy server, a failing mutant, the legacy toy
// server, a run the tool policy left incomplete. Also: a tool that dumps its whole environment never gets
// that dump into the report (wire lines are cut to 400 characters).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Ajv2020 from 'ajv/dist/2020.js';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE, writeMutants } from '../../fixtures/mutants/generate.mjs';
import { MAX_WIRE_CHARS } from '../../../src/checker/run.ts';

const ROOT = new URL('../../../', import.meta.url).pathname;
const schema = JSON.parse(readFileSync(join(ROOT, 'src/checker/report.schema.json'), 'utf8')) as Record<string, any>;
// Strict mode, less strictRequired: the schema's if/then branches require fields that the enclosing object defines.
const ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: true });
const validate = ajv.compile(schema);
const EXIT: Record<string, number> = { pass: 0, fail: 1, incomplete: 3 };
let dir: string;

/** Runs the real CLI with `--json`; resolves with its exit code and the parsed report. */
async function cli(args: string[], env: Record<string, string> = {}): Promise<{ code: number; report: Record<string, any>; stdout: string }> {
  const run = promisify(execFile);
  const argv = ['--experimental-strip-types', '--no-warnings', 'src/cli/check-server.ts', '--json', ...args];
  let code = 0;
  let stdout: string;
  try {
    ({ stdout } = await run(process.execPath, argv, { cwd: ROOT, timeout: 240_000, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, ...env } }));
  } catch (e) {
    const err = e as { code?: number; stdout?: string };
    if (typeof err.code !== 'number') throw e;
    code = err.code;
    stdout = err.stdout ?? '';
  }
  return { code, report: JSON.parse(stdout) as Record<string, any>, stdout };
}

let calendarRun: ReturnType<typeof cli> | undefined;
/** The calendar's run, once for the tests that use it. */
const calendar = () => (calendarRun ??= cli(['node', 'toy-servers/calendar.mjs']));

/** Asserts the report validates, says why when it does not, and the exit code follows the verdict. */
function expectValid(r: { code: number; report: Record<string, any> }): void {
  const ok = validate(r.report);
  expect(ok ? [] : validate.errors, 'schema errors').toEqual([]);
  expect(r.code).toBe(EXIT[r.report.verdict]);
}

// --- The TypeScript types, read with the compiler ---
const sources = ['src/checker/types.ts', 'src/protocol/failure.ts'].map((f) => ts.createSourceFile(f, readFileSync(join(ROOT, f), 'utf8'), ts.ScriptTarget.Latest, true));

/** The string literals of `type name = 'a' | 'b' | ...`. */
function unionOf(name: string): string[] {
  for (const sf of sources) {
    for (const st of sf.statements) {
      if (ts.isTypeAliasDeclaration(st) && st.name.text === name && ts.isUnionTypeNode(st.type)) {
        return st.type.types.map((t) => (ts.isLiteralTypeNode(t) && ts.isStringLiteral(t.literal) ? t.literal.text : `<${t.getText()}>`));
      }
    }
  }
  throw new Error(`no union type ${name}`);
}

/** The members of an interface (or of a property's inline type literal, `Iface.prop`), each with whether it is optional. */
function membersOf(path: string): Record<string, boolean> {
  const [name, prop] = path.split('.');
  for (const sf of sources) {
    for (const st of sf.statements) {
      if (!ts.isInterfaceDeclaration(st) || st.name.text !== name) continue;
      let members: ts.NodeArray<ts.TypeElement> = st.members;
      if (prop) {
        const p = st.members.find((m) => m.name?.getText() === prop) as ts.PropertySignature;
        let type = p.type!;
        if (ts.isArrayTypeNode(type)) type = type.elementType;
        if (!ts.isTypeLiteralNode(type)) throw new Error(`${path} is not an inline type`);
        members = type.members;
      }
      return Object.fromEntries(members.filter(ts.isPropertySignature).map((m) => [m.name.getText(), m.questionToken !== undefined]));
    }
  }
  throw new Error(`no interface ${name}`);
}

/** A schema object's properties, each with whether it is optional (not in `required`). */
function propertiesOf(node: Record<string, any>): Record<string, boolean> {
  const required: string[] = node.required ?? [];
  return Object.fromEntries(Object.keys(node.properties).map((k) => [k, !required.includes(k)]));
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'report-schema-'));
  writeMutants(dir);
  // The reference server with one more tool, `get_env`, that answers with its whole environment and then a
  // secret passed to the checker's own environment (so, to the server's): a long dump, ending far past any
  // 400-character head.
  const reference = readFileSync(REFERENCE, 'utf8');
  const withEnv = reference
    .replace("'tools/list': () => ({ resultType: 'complete', tools: [TOOL], ...CACHE }),", "'tools/list': () => ({ resultType: 'complete', tools: [TOOL, ENV_TOOL], ...CACHE }),")
    .replace(
      'function callTool(params, caps) {\n',
      "const ENV_TOOL = { name: 'get_env', description: 'Dumps the environment.', inputSchema: { type: 'object', properties: {} } };\n" +
        'function callTool(params, caps) {\n' +
        "  if (params.name === 'get_env') {\n" +
        '    const { CHECKER_TEST_SECRET, ...rest } = process.env;\n' +
        "    const dump = Object.entries(rest).map(([k, v]) => `${k}=${v}`).join('\\n') + '\\n' + 'PADDING='.padEnd(4000, 'x') + '\\nCHECKER_TEST_SECRET=' + CHECKER_TEST_SECRET;\n" +
        "    return { resultType: 'complete', content: [{ type: 'text', text: 'ENV-DUMP-BEGIN\\n' + dump }] };\n" +
        '  }\n',
    );
  expect(withEnv).toContain('ENV_TOOL],');
  expect(withEnv).toContain("params.name === 'get_env'");
  writeFileSync(join(dir, 'get-env.mjs'), withEnv);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('src/checker/report.schema.json', () => {
  it('is a JSON Schema 2020-12 document that Ajv compiles in strict mode', () => {
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(typeof validate).toBe('function');
  });

  it('has the enums of the TypeScript unions, value for value (failure codes: their form)', () => {
    const d = schema.$defs;
    expect(d.status.enum).toEqual(unionOf('CheckStatus'));
    expect(d.notRun.enum).toEqual(unionOf('NotRunCause'));
    expect(d.level.enum).toEqual(unionOf('RuleLevel'));
    expect(d.verdict.enum).toEqual(unionOf('Verdict'));
    expect(d.era.enum).toEqual(unionOf('ServerEra'));
    expect(d.transport.enum).toEqual(unionOf('CheckTransport'));
    expect(d.stageId.enum).toEqual(unionOf('StageId'));
    // Failure codes grow with the engines: the schema takes any code of their form, and every code has it.
    const code = new RegExp(d.failure.properties.code.pattern);
    expect(unionOf('FailureCode').length).toBeGreaterThan(20);
    for (const c of unionOf('FailureCode')) expect(c).toMatch(code);
    expect(d.wireLine.properties.dir.enum).toEqual(['sent', 'received', 'stderr']);
  });

  it('names every field of every report type, no more, and requires exactly the fields that are not optional', () => {
    const d = schema.$defs;
    const { command, ...root } = propertiesOf(schema);
    expect(command).toBe(false);
    expect(root).toEqual(membersOf('CheckReport'));
    expect(propertiesOf(schema.properties.summary)).toEqual(membersOf('CheckReport.summary'));
    expect(propertiesOf(schema.properties.server)).toEqual(membersOf('CheckReport.server'));
    expect(propertiesOf(schema.properties.incomplete.items)).toEqual(membersOf('CheckReport.incomplete'));
    // The command line writes each check with its words (`withWords`): a CheckResult and the CheckWords.
    expect(propertiesOf(d.checkResult)).toEqual({ ...membersOf('CheckResult'), ...membersOf('CheckWords') });
    expect(propertiesOf(d.stageReport)).toEqual(membersOf('StageReport'));
    expect(propertiesOf(d.eraFinding)).toEqual(membersOf('EraFinding'));
    expect(propertiesOf(d.wireLine)).toEqual(membersOf('WireLine'));
    expect(propertiesOf(d.failure)).toEqual(membersOf('Failure'));
    // Every closed shape says so.
    for (const node of [schema, schema.properties.summary, schema.properties.server, schema.properties.incomplete.items, d.checkResult, d.stageReport, d.eraFinding, d.wireLine, d.failure]) {
      expect(node.additionalProperties).toBe(false);
    }
  });

  it('rejects what the report never is (so the runs below can fail)', async () => {
    const { report } = await calendar();
    const bad = (change: (r: any) => void) => {
      const r = structuredClone(report);
      change(r);
      return validate(r);
    };
    expect(validate(report)).toBe(true);
    expect(bad((r) => (r.verdict = 'ok'))).toBe(false);
    expect(bad((r) => (r.extra = 1))).toBe(false);
    expect(bad((r) => delete r.command)).toBe(false);
    expect(bad((r) => (r.stages[0].checks[0].status = 'not-run'))).toBe(false); // not-run without notRun and reason
    expect(bad((r) => (r.stages[0].checks[0].status = 'fail'))).toBe(false); // a failure without actual
    expect(bad((r) => (r.stages[0].checks[0].wire[0].text = 'x'.repeat(401)))).toBe(false);
    expect(bad((r) => (r.summary.checksWarned = -1))).toBe(false);
    expect(bad((r) => (r.summary.checksFailed = 2))).toBe(false); // a pass with failures
  }, 120_000);
});

describe('npm run check-server -- --json validates against the schema', () => {
  it('a passing toy server (exit 0)', async () => {
    const r = await calendar();
    expectValid(r);
    expect(r.report.verdict).toBe('pass');
    expect(r.report.command).toEqual(['node', 'toy-servers/calendar.mjs']);
  }, 120_000);

  it('a failing mutant (exit 1)', async () => {
    const r = await cli(['node', join(dir, 'unknown-tool-wrong-code.mjs')]);
    expectValid(r);
    expect(r.report.verdict).toBe('fail');
    expect(r.report.summary.checksFailed).toBeGreaterThan(0);
  }, 120_000);

  it('the legacy toy server', async () => {
    const r = await cli(['node', 'toy-servers/legacy.mjs']);
    expectValid(r);
    expect(r.report.era.era).toBe('legacy');
  }, 120_000);

  it('a run the tool policy left incomplete (exit 3), with a warning', async () => {
    const r = await cli(['--call-tools', 'safe', 'node', join(dir, 'unannotated-state-not-verified.mjs')]);
    expectValid(r);
    expect(r.report.verdict).toBe('incomplete');
    expect(r.report.incomplete.length).toBeGreaterThan(0);
    const w = await cli(['node', join(dir, 'ok-no-identity.mjs')]);
    expectValid(w);
    expect(w.report.summary.checksWarned).toBe(1);
  }, 240_000);

  it('a tool that dumps its environment: the report keeps a head of the reply, never the dump', async () => {
    const secret = `secret-${process.pid}-${Date.now()}`;
    const r = await cli(['node', join(dir, 'get-env.mjs')], { CHECKER_TEST_SECRET: secret });
    expectValid(r);
    expect(r.stdout).not.toContain(secret);
    const checks: any[] = r.report.stages.flatMap((s: any) => s.checks);
    const lines: string[] = [...checks.flatMap((c) => [...c.sent, ...c.received, ...c.wire.map((w: any) => w.text)]), ...r.report.era.wire.map((w: any) => w.text)];
    // The tool was called: its reply is there, cut.
    const dumps = lines.filter((l) => l.includes('ENV-DUMP-BEGIN'));
    expect(dumps.length).toBeGreaterThan(0);
    for (const d of dumps) expect(d).toMatch(/… \[\d+ chars\]$/);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(MAX_WIRE_CHARS);
    // Nothing else in the report carries it either: no string in it is that long.
    const strings: string[] = [];
    JSON.parse(r.stdout, (_k, v) => (typeof v === 'string' && strings.push(v), v));
    expect(strings.filter((s) => s.includes('PADDING=xxxx'))).toEqual(strings.filter((s) => s.includes('PADDING=xxxx') && s.length <= MAX_WIRE_CHARS));
  }, 120_000);
});
