// "Measured facts stay true": re-measure the real server-everything and compare with the committed file.
// When this fails, reality changed: rerun `npm run measure`, review the diff, and update the lessons.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MEASURED_FILE, MEASURED_PACKAGE, REPO_ROOT, installedVersion, measureEverything, type MeasuredFile } from '../../src/cli/measured-facts.ts';

const committed = JSON.parse(readFileSync(`${REPO_ROOT}${MEASURED_FILE}`, 'utf8')) as MeasuredFile;

describe(`${MEASURED_FILE} matches a fresh measurement`, () => {
  it('names the installed package version and a date', () => {
    expect(committed.package).toBe(MEASURED_PACKAGE);
    expect(committed.version).toBe(installedVersion(MEASURED_PACKAGE));
    expect(committed.measuredOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(committed.tokenizer).toBe(`tiktoken ${installedVersion('tiktoken')}, o200k_base`);
  });

  it('every figure equals what the real server gives now', async () => {
    const fresh = await measureEverything();
    expect(fresh.version).toBe(committed.version);
    expect(fresh.facts).toEqual(committed.facts);
  });

  it('holds the chapter figures', () => {
    const f = committed.facts;
    expect([f.discoverErrorCode, f.negotiatedVersion, f.toolsBeforeHandshake, f.toolsAfterHandshake]).toEqual([-32601, '2025-11-25', 12, 13]);
    expect([f.tokens?.python.total, f.tokens?.python.cheapest?.tokens, f.tokens?.python.costliest?.tokens, f.tokens?.instructions]).toEqual([
      1307, 52, 235, 312,
    ]);
  });
});
