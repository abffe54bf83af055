// The Checker's counts beside a stage, for real stages of the checker: the noun follows the total in English
// ("1 of 1 check passed" for the legacy stage, which has one check), and Indonesian, which has no plural
// form, says the same sentence for any total.
import { describe, expect, it } from 'vitest';
import { STAGES } from '../../../src/checker/stages.ts';
import { setLang } from '../../../src/i18n/index.ts';
import { stageCountsText } from '../../../src/components/checker/stage-counts.ts';

const stage = (id: string) => STAGES.find((s) => s.id === id)!.checks.map(() => ({ status: 'pass' as const }));

describe('stageCountsText', () => {
  it('English: "check" for a total of one, "checks" otherwise', () => {
    setLang('en');
    const legacy = stage('legacy');
    expect(legacy).toHaveLength(1);
    expect(stageCountsText(legacy)).toBe('1 of 1 check passed');
    expect(stageCountsText([{ status: 'warn' }])).toBe('0 of 1 check passed · warnings: 1');
    const jsonrpc = stage('jsonrpc');
    expect(stageCountsText(jsonrpc)).toBe(`${jsonrpc.length} of ${jsonrpc.length} checks passed`);
  });
  it('Indonesian: one noun form for every total', () => {
    setLang('id');
    expect(stageCountsText(stage('legacy'))).toBe('1 dari 1 pemeriksaan lulus');
    expect(stageCountsText([{ status: 'pass' }, { status: 'fail' }])).toBe('1 dari 2 pemeriksaan lulus');
    setLang('en');
  });
});
