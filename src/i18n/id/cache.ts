import type { cache as en } from '../en/cache.ts';

/** Teks berbahasa Indonesia untuk area cache (kunci `cache.*`). */
export const cache: Record<keyof typeof en, string> = {
};
