import type { common as en } from '../en/common.ts';

/** Teks yang dipakai bersama oleh beberapa widget. */
export const common: Record<keyof typeof en, string> = {
  'common.copy': 'Salin',
};
