/**
 * The widgets' pure parts speak the page's language: the meaning beside each
 * reply and error code, the Console's notes on what it changed, the form's
 * checks, the syntax check, the copied transcript. Wire terms (error names,
 * methods, field names, the transcript's line heads) stay as they are.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { classifyMessage, framingViolation } from '../../../src/protocol/classify.ts';
import type { JsonRpcMessage } from '../../../src/protocol/messages.ts';
import { RequestBuilder } from '../../../src/protocol/request-builder.ts';
import { setLang } from '../../../src/i18n/index.ts';
import { describeReply } from '../../../src/components/pure/meaning.ts';
import { specLinkForError } from '../../../src/components/pure/spec-links.ts';
import { composeLine } from '../../../src/components/console/compose.ts';
import { templates } from '../../../src/components/console/templates.ts';
import { transcriptText } from '../../../src/components/console/items.ts';
import { fieldProblem } from '../../../src/components/elicitation-form/form-values.ts';
import { readRequestedSchema } from '../../../src/components/elicitation-form/requested-schema.ts';
import { findUnbalanced } from '../../../src/components/server-editor/syntax-check.ts';

const say = (o: unknown, method?: string) => describeReply(classifyMessage(o as JsonRpcMessage), o, method);

afterEach(() => setLang('en'));

describe('meaning of replies and error codes', () => {
  it('names -32002 as the legacy resource-not-found code clients still accept, not "ServerError"', () => {
    const r = say({ jsonrpc: '2.0', id: 3, error: { code: -32002, message: 'Resource not found', data: { uri: 'calendar://month' } } });
    expect(r.text).toBe(
      'error -32002 ResourceNotFound: Resource not found (the resource-not-found code of 2025-11-25 and earlier; this revision uses -32602, and clients should still accept -32002 from older servers)',
    );
    expect(r.text).not.toContain('ServerError');
    expect(r.link?.href).toContain('/server/resources#error-handling');
    expect(say({ jsonrpc: '2.0', id: 3, error: { code: -32005, message: 'x' } }).text).toMatch(/^error -32005 ServerError: x \(a code in the legacy server-error range/);
  });

  it('speaks Indonesian on an Indonesian page, keeping error names, codes and methods as sent', () => {
    setLang('id');
    const e = say({ jsonrpc: '2.0', id: 1, error: { code: -32022, message: 'Unsupported protocol version', data: { supported: ['2026-07-28'], requested: '1900-01-01' } } });
    expect(e.text).toBe('error -32022 UnsupportedProtocolVersion: server mendukung 2026-07-28');
    expect(e.link?.section).toBe('Versioning › UnsupportedProtocolVersion');
    expect(specLinkForError(-32601).section).toBe('Protokol dasar › Kode error');
    const many = { jsonrpc: '2.0', id: 2, result: { resultType: 'complete', tools: Array.from({ length: 1307 }, (_, i) => ({ name: `t${i}` })) } };
    expect(say(many).text).toBe('complete: 1.307 tool (t0, t1, t2, t3, …)');
    expect(say({ jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25' } }).text).toBe(
      'complete (tanpa resultType: server lama): InitializeResult, protokol 2025-11-25 (handshake lama)',
    );
    expect(describeReply(framingViolation('not JSON')).text).toBe('pelanggaran framing: bukan JSON (stdout hanya boleh berisi pesan JSON-RPC)');
    setLang('en');
    expect(say(many).text).toBe('complete: 1,307 tools (t0, t1, t2, t3, …)');
    expect(specLinkForError(-32601).section).toBe('Basic protocol › Error codes');
  });
});

describe('the Console, the form and the editor in Indonesian', () => {
  it('lists what the Console changed, and labels templates, in Indonesian; the line sent is the same', () => {
    const builder = new RequestBuilder({ clientCapabilities: {} });
    const en = composeLine('{"jsonrpc":"2.0","id":1,"method":"tools/list"}', { fillMeta: true, builder });
    setLang('id');
    const id = composeLine('{"jsonrpc":"2.0","id":1,"method":"tools/list"}', { fillMeta: true, builder });
    expect(id.line).toBe(en.line);
    expect(id.changes).toEqual(['menambahkan "params" sebagai wadah _meta', 'menambahkan _meta yang wajib (matikan "isi _meta" untuk mengirim persis apa yang Anda ketik)']);
    const labels = templates(1, false, builder, { era: 'legacy', examples: 'calendar' }).map((x) => x.label);
    expect(labels).toContain('initialize (handshake lama)');
    // The example that relies on the server asking is still left out for a legacy server, in every language.
    expect(labels.some((l) => l.includes('create_event (tanpa waktu mulai'))).toBe(false);
    expect(labels).toContain('tools/call create_event (dengan waktu mulai)');
  });

  it('checks form values in Indonesian, with numbers written the Indonesian way', () => {
    setLang('id');
    const n = { kind: 'number', name: 'n', label: 'n', required: true, integer: false, minimum: 1500.5 } as const;
    expect(fieldProblem(n, '12')).toBe('Minimal 1.500,5.');
    expect(fieldProblem(n, '')).toBe('Wajib diisi.');
    const r = readRequestedSchema({ type: 'object', properties: { a: { type: 'object' } } });
    expect(r.ok ? [] : r.problems).toEqual(['properti "a" adalah objek bersarang; mode form hanya mengizinkan properti primitif datar']);
  });

  it('reports an unbalanced bracket in Indonesian', () => {
    setLang('id');
    expect(findUnbalanced('function f() {\n  return 1;\n')?.message).toBe('"{" tidak pernah ditutup: file sudah berakhir lebih dulu (baris 3)');
  });

  it('copies a transcript whose line heads are the same in every language', () => {
    setLang('id');
    const text = transcriptText([
      { kind: 'wire', key: 1, direction: 'out', channel: 'stdin', t: 1, pid: 12345, text: '{"a":1}', changes: ['x'] },
      { kind: 'event', key: 2, text: 'mulai', tone: 'info', pid: 12345 },
    ]);
    expect(text).toBe('-> stdin  1.0ms pid 12345\t{"a":1}\n   # diubah oleh Console: x\n-- mulai (pid 12345)\n');
  });
});
