import type { engine as en } from '../en/engine.ts';

/** Teks berbahasa Indonesia untuk area engine (kunci `engine.*`). */
export const engine: Record<keyof typeof en, string> = {
};
