/**
 * Every Indonesian string of the widgets, one file per widget area, with
 * exactly the keys of the English table.
 */
import type { en } from '../en/index.ts';
import { common } from './common.ts';

export const id: Record<keyof typeof en, string> = {
  ...common,
};
