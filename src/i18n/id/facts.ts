import type { facts as en } from '../en/facts.ts';

/** Teks berbahasa Indonesia untuk area facts (kunci `facts.*`). */
export const facts: Record<keyof typeof en, string> = {
};
