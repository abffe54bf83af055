/**
 * MeasuredFacts' lookup and provenance note against the real src/data/measured.json,
 * and the rule that every lesson showing a figure carries exactly one provenance note.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import measured from '../../../src/data/measured.json' with { type: 'json' };
import { describeFact, describeProvenance, formatDate, lookupFact } from '../../../src/components/measured-facts/measured-facts.ts';

/** Every .mdx file under lessons/ (every language), as [path relative to lessons/, text]. */
function lessonFiles(): Array<[string, string]> {
  const root = new URL('../../../lessons/', import.meta.url).pathname;
  const out: Array<[string, string]> = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.name.endsWith('.mdx')) out.push([full.slice(root.length), readFileSync(full, 'utf8')]);
    }
  };
  walk(root);
  return out;
}

describe('measured facts', () => {
  it('finds and words a figure with its source', () => {
    const v = lookupFact(measured, 'tokens.python.total');
    expect(typeof v).toBe('number');
    const d = describeFact(measured, 'tokens.python.total', v);
    expect(d.text).toBe((v as number).toLocaleString('en-US'));
    expect(d.source).toContain(`${measured.package} ${measured.version}, measured ${formatDate(measured.measuredOn, 'en')}`);
    expect(d.source).toContain('o200k_base');
    const c = describeFact(measured, 'tokens.python.cheapest', lookupFact(measured, 'tokens.python.cheapest'));
    expect(c.text).toMatch(/^[\w-]+ \(\d+ tokens\)$/);
  });

  it('words figures and dates for the page\'s language: 1,307 and November 30, 2026 / 1.307 and 30 November 2026', () => {
    expect(describeFact(measured, 'x', 1307, 'en').text).toBe('1,307');
    expect(describeFact(measured, 'x', 1307, 'id').text).toBe('1.307');
    expect(describeFact(measured, 'x', { name: 'get-sum', tokens: 1234 }, 'id').text).toBe('get-sum (1.234 token)');
    expect(describeFact(measured, 'x', { name: 'get-sum', tokens: 1234 }, 'en').text).toBe('get-sum (1,234 tokens)');
    expect(describeFact(measured, 'x', '-32601 MethodNotFound', 'id').text).toBe('-32601 MethodNotFound');
    expect(formatDate('2026-11-30', 'en')).toBe('November 30, 2026');
    expect(formatDate('2026-11-30', 'id')).toBe('30 November 2026');
    expect(formatDate('2026-01-05', 'id')).toBe('5 Januari 2026');
    expect(formatDate('not a date', 'id')).toBe('not a date');
  });

  it('an unknown fact fails loudly', () => {
    expect(() => lookupFact(measured, 'tokens.nope')).toThrow(/no fact "tokens.nope"/);
  });

  it('the provenance note names package, version, date, Node and tokenizer, in each language', () => {
    for (const lang of ['en', 'id'] as const) {
      const { title, text } = describeProvenance(measured, lang);
      expect(title).not.toBe('');
      for (const part of [measured.package, measured.version, formatDate(measured.measuredOn, lang), measured.node, measured.tokenizer, 'npm run measure']) expect(text).toContain(part);
    }
    expect(describeProvenance(measured, 'id').title).toBe('Asal angka-angka hasil pengukuran:');
    expect(describeProvenance(measured, 'en').text).not.toBe(describeProvenance(measured, 'id').text);
  });

  it('every lesson that shows a measured figure carries exactly one provenance note, and no note stands alone', () => {
    const files = lessonFiles();
    expect(files.length).toBeGreaterThan(10);
    const withFigures = files.filter(([, text]) => /<MeasuredFacts\s+fact=/.test(text)).map(([path]) => path);
    expect(withFigures.length, 'some lessons show measured figures').toBeGreaterThan(0);
    for (const [path, text] of files) {
      const notes = text.match(/<MeasuredFacts\s+provenance\s*\/>/g)?.length ?? 0;
      expect(notes, path).toBe(withFigures.includes(path) ? 1 : 0);
    }
  });
});
