/**
 * Context-window sizes the meter compares a catalog with. These are typical
 * sizes of current models, not any one vendor's figure: 128K, 200K and 1M
 * tokens (K = 1,000 here).
 */
import { intlLocale, type Lang } from '../../i18n/index.ts';

/** A context-window size, in tokens. */
export interface ContextWindow {
  /** How the UI names it, e.g. "128K". */
  label: string;
  tokens: number;
}

/** Typical sizes: 128K, 200K, 1M tokens. */
export const CONTEXT_WINDOWS: readonly ContextWindow[] = [
  { label: '128K', tokens: 128_000 },
  { label: '200K', tokens: 200_000 },
  { label: '1M', tokens: 1_000_000 },
];

/** Share of a window taken by `tokens`, in percent (may exceed 100). */
export function windowShare(tokens: number, window: ContextWindow): number {
  return (tokens / window.tokens) * 100;
}

/**
 * A percentage for display in `lang` (default English): one decimal under
 * 10 %, whole numbers above, "<0.1%" for tiny shares; the decimal mark and
 * grouping as the language writes them (`1.5%` / `1,5%`, `1,200%` / `1.200%`).
 */
export function formatShare(percent: number, lang: Lang = 'en'): string {
  const locale = intlLocale(lang);
  if (percent > 0 && percent < 0.1) return `<${(0.1).toLocaleString(locale)}%`;
  const shown = percent < 10 ? percent.toLocaleString(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) : Math.round(percent).toLocaleString(locale);
  return `${shown}%`;
}
