/**
 * The capstone's stage solutions, made from one annotated file
 * (`solutions/capstone.mjs`): stage N is that file with the blocks of the
 * other stages left out. Pure (no Node, no DOM): the Checker's wrapper calls
 * it at build time, and tests call it to run each stage in real processes.
 *
 * The annotations are whole lines starting (after indentation) with `//@`,
 * and none of them reaches a stage:
 * - `//@stage 2+` opens a block kept from stage 2 on; `//@stage 5` keeps it
 *   in stage 5 only; `//@stage 5-6` in stages 5 to 6. Blocks nest: a line is
 *   kept when every block around it keeps it.
 * - `//@end` closes the innermost block.
 * - `//@ words` is a note for whoever edits the file.
 * `{{stage}}` anywhere is replaced by the stage's number (the header's
 * "after stage N", in each language).
 *
 * ```ts
 * import annotated from './solutions/capstone.mjs?raw';
 * stageSource(annotated, 1); // the first stage's file: reads lines, answers "Method not found"
 * stageSource(annotated, 9); // throws RangeError: there are 8 stages
 * ```
 */

/** How many stages the annotated file holds (the Checker's stages, src/checker). */
export const STAGE_COUNT = 8;

/** The stages a `//@stage` range keeps: `from` to `to`, inclusive. */
interface Range {
  from: number;
  to: number;
}

const DIRECTIVE = /^\s*\/\/@/;
const STAGE = /^\s*\/\/@stage (\d+)(\+|-(\d+))?\s*$/;
const END = /^\s*\/\/@end\s*$/;
const NOTE = /^\s*\/\/@(\s|$)/;

/**
 * The source of stage `n` (1 to {@link STAGE_COUNT}) of `annotated`: its
 * kept lines, in order, with `{{stage}}` replaced by `n`; the line endings
 * are kept as they are. Throws a RangeError when `n` is not a stage, and an
 * Error naming the line (1-based) for a directive it does not know, a range
 * outside 1..STAGE_COUNT or upside down, an `//@end` with no block open, or
 * a block left open at the end.
 */
export function stageSource(annotated: string, n: number): string {
  if (!Number.isInteger(n) || n < 1 || n > STAGE_COUNT) throw new RangeError(`stage ${n}: there are stages 1 to ${STAGE_COUNT}`);
  const open: Array<Range & { line: number }> = [];
  const kept: string[] = [];
  annotated.split('\n').forEach((line, i) => {
    if (!DIRECTIVE.test(line)) {
      if (open.every((r) => r.from <= n && n <= r.to)) kept.push(line.replaceAll('{{stage}}', String(n)));
      return;
    }
    const stage = STAGE.exec(line);
    if (stage) {
      const from = Number(stage[1]);
      const to = stage[2] === '+' ? STAGE_COUNT : stage[3] !== undefined ? Number(stage[3]) : from;
      if (from < 1 || to > STAGE_COUNT || to < from) throw new Error(`line ${i + 1}: "${line.trim()}" is not a range of stages 1 to ${STAGE_COUNT}`);
      open.push({ from, to, line: i + 1 });
    } else if (END.test(line)) {
      if (!open.pop()) throw new Error(`line ${i + 1}: //@end with no //@stage block open`);
    } else if (!NOTE.test(line)) {
      throw new Error(`line ${i + 1}: unknown directive "${line.trim()}" (known: //@stage, //@end, //@ note)`);
    }
  });
  if (open.length) throw new Error(`line ${open.at(-1)!.line}: //@stage block never closed with //@end`);
  return kept.join('\n');
}

/** Every stage's source of `annotated`, stage 1 first ({@link STAGE_COUNT} texts). */
export function stageSources(annotated: string): string[] {
  return Array.from({ length: STAGE_COUNT }, (_, i) => stageSource(annotated, i + 1));
}
