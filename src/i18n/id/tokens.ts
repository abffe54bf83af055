import type { tokens as en } from '../en/tokens.ts';

/** Teks berbahasa Indonesia untuk area tokens (kunci `tokens.*`). */
export const tokens: Record<keyof typeof en, string> = {
};
