import type { elicitation as en } from '../en/elicitation.ts';

/** Teks berbahasa Indonesia untuk area elicitation (kunci `elicitation.*`). */
export const elicitation: Record<keyof typeof en, string> = {
};
