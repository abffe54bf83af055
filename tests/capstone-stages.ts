// The capstone's stage solutions as the Checker shows them: made from the one annotated file
// src/components/checker/solutions/capstone.mjs by stageSource (src/components/checker/stage-source.ts).
import { readFileSync } from 'node:fs';
import { stageSource } from '../src/components/checker/stage-source.ts';

/** The annotated file's path, relative to the project root. */
export const CAPSTONE_FILE = 'src/components/checker/solutions/capstone.mjs';

/** The source of stage `n` (1-based), both languages' comments in it, exactly as the build makes it. */
export function capstoneStage(n: number): string {
  return stageSource(readFileSync(new URL(`../${CAPSTONE_FILE}`, import.meta.url), 'utf8'), n);
}
