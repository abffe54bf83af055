import type { counter as en } from '../en/counter.ts';

/** Teks berbahasa Indonesia untuk area counter (kunci `counter.*`). */
export const counter: Record<keyof typeof en, string> = {
};
