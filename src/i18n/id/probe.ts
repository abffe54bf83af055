import type { probe as en } from '../en/probe.ts';

/** Teks berbahasa Indonesia untuk area probe (kunci `probe.*`). */
export const probe: Record<keyof typeof en, string> = {
};
