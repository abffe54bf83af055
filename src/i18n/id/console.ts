import type { console as en } from '../en/console.ts';

/** Teks berbahasa Indonesia untuk area console (kunci `console.*`). */
export const console: Record<keyof typeof en, string> = {
};
