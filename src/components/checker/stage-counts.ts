/**
 * A stage's check counts in words, as the Checker shows them beside each
 * stage: "7 of 9 checks passed", with "· warnings: N" when some warned.
 */
import type { CheckStatus } from '../../checker/types.ts';
import { t } from '../../i18n/index.ts';

/**
 * The counts line of one stage, in the language in force. The noun follows
 * the total ("1 of 1 check passed" in English); Indonesian nouns have no
 * plural form, so its two strings read the same.
 */
export function stageCountsText(checks: ReadonlyArray<{ status: CheckStatus }>): string {
  const passed = checks.filter((c) => c.status === 'pass').length;
  const warned = checks.filter((c) => c.status === 'warn').length;
  const total = checks.length;
  if (warned > 0) return t(total === 1 ? 'checker.stage-counts-warned-one' : 'checker.stage-counts-warned', { passed, total, warned });
  return t(total === 1 ? 'checker.stage-counts-one' : 'checker.stage-counts', { passed, total });
}
