import type { editor as en } from '../en/editor.ts';

/** Teks berbahasa Indonesia untuk area editor (kunci `editor.*`). */
export const editor: Record<keyof typeof en, string> = {
};
