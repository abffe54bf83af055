/**
 * A lower layer's failure said in the reader's language:
 * real processes through the Node engine fail, src/protocol carries the
 * failure as a code and values, and `failureText` says it in Indonesian and in
 * English from src/i18n.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NodeEngine } from '../../../src/engines/node/node-engine.ts';
import { Connection, ConnectionError } from '../../../src/protocol/connection.ts';
import { probeEra } from '../../../src/protocol/probe.ts';
import { RequestBuilder } from '../../../src/protocol/request-builder.ts';
import { errorText, failureText } from '../../../src/components/pure/failure-text.ts';

const root = mkdtempSync(join(tmpdir(), 'failure-text-'));
writeFileSync(join(root, 'exits.mjs'), 'process.stderr.write("bye\\n"); process.exit(3);\n');
writeFileSync(join(root, 'silent.mjs'), 'setInterval(() => {}, 1000);\n');
const engine = new NodeEngine({ root });
const open: Connection[] = [];
const start = async (file: string) => {
  const c = new Connection(await engine.spawn(file), { timeoutMs: 5000 });
  open.push(c);
  return c;
};
afterAll(async () => {
  await Promise.all(open.map((c) => c.close(200)));
});

describe('failures carried as data and said in the page language', () => {
  it('the era probe on a server that exits: the verdict\'s reason in Indonesian and English', async () => {
    const report = await probeEra(await start('exits.mjs'), { builder: new RequestBuilder(), respawn: () => start('exits.mjs') });
    expect(report.outcome).toBe('failed');
    expect(report.steps.map((s) => s.why?.code)).toEqual(['legacy-exit', 'initialize-failed']);
    expect(report.failure).toMatchObject({ code: 'exit', vars: { code: '3' } });
    expect(report.error).toContain('exited with code 3'); // the English message stays for the CLI and logs
    expect(failureText(report.failure!, 'id')).toMatch(/^proses server berhenti dengan kode 3(; stderr terakhir: "bye")?$/);
    expect(failureText(report.failure!, 'en')).toMatch(/^the server process exited with code 3(; last stderr: "bye")?$/);
  });

  it('a request with no reply: the timeout in Indonesian, numbers written the Indonesian way', async () => {
    const c = await start('silent.mjs');
    const error = await c.request(new RequestBuilder().request('tools/list'), { timeoutMs: 1200 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).failure.code).toBe('timeout');
    expect(errorText(error, 'id')).toMatch(/^tidak ada balasan untuk tools\/list \(id \S+\) dalam 1\.200 ms$/);
    expect(errorText(error, 'en')).toMatch(/^no reply to tools\/list \(id \S+\) within 1,200 ms$/);
  });

  it('an HTTP failure of a tokenizer asset, and an error without a failure', () => {
    expect(failureText({ code: 'http', vars: { what: 'ranks', status: '404' } }, 'id')).toBe('tidak dapat memuat tabel rank tokenizer (HTTP 404)');
    expect(failureText({ code: 'exit', vars: { signal: 'SIGKILL' }, cause: { code: 'watchdog-busy', vars: { ms: 2000 } } }, 'id')).toBe(
      'proses server dihentikan oleh SIGKILL (dihentikan oleh watchdog: sibuk lebih dari 2.000 ms tanpa memberi jeda (loop tanpa akhir?))',
    );
    // A browser's own words (no failure code): as they are in English, quoted after an Indonesian sentence on /id/.
    expect(errorText(new TypeError('Failed to fetch'), 'en')).toBe('Failed to fetch');
    expect(errorText(new TypeError('Failed to fetch'), 'id')).toBe('terjadi kesalahan; pesan aslinya: “Failed to fetch”');
    expect(errorText('plain', 'id')).toContain('“plain”');
  });
});
