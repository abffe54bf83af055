import type { replay as en } from '../en/replay.ts';

/** Teks berbahasa Indonesia untuk area replay (kunci `replay.*`). */
export const replay: Record<keyof typeof en, string> = {
};
