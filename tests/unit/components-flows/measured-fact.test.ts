/** MeasuredFacts' lookup against the real src/data/measured.json. */
import { describe, expect, it } from 'vitest';
import measured from '../../../src/data/measured.json' with { type: 'json' };
import { describeFact, lookupFact } from '../../../src/components/tokens/measured-fact.ts';

describe('measured facts', () => {
  it('finds and words a figure with its source', () => {
    const v = lookupFact(measured, 'tokens.python.total');
    expect(typeof v).toBe('number');
    const d = describeFact(measured, 'tokens.python.total', v);
    expect(d.text).toBe((v as number).toLocaleString('en-US'));
    expect(d.source).toContain(`${measured.package} ${measured.version}, measured ${measured.measuredOn}`);
    expect(d.source).toContain('o200k_base');
    const c = describeFact(measured, 'tokens.python.cheapest', lookupFact(measured, 'tokens.python.cheapest'));
    expect(c.text).toMatch(/^[\w-]+ \(\d+ tokens\)$/);
  });

  it('an unknown fact fails loudly', () => {
    expect(() => lookupFact(measured, 'tokens.nope')).toThrow(/no fact "tokens.nope"/);
  });
});
