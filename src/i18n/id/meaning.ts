import type { meaning as en } from '../en/meaning.ts';

/** Teks berbahasa Indonesia untuk area meaning (kunci `meaning.*`). */
export const meaning: Record<keyof typeof en, string> = {
};
