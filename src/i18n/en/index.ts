/**
 * Every English string of the widgets, gathered from one file per widget area.
 * The Indonesian table (`../id/index.ts`) has exactly these keys.
 */
import { common } from './common.ts';

export const en = {
  ...common,
} as const;
