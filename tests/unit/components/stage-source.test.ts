// The capstone's stage solutions come from one annotated file (src/components/checker/solutions/capstone.mjs)
// through stageSource (src/components/checker/stage-source.ts): the rules of its annotations, on small
// inputs written here, and what they make of the real file. That each stage passes exactly its checker
// stages on real node processes is tests/unit/checker/capstone-solutions.test.ts.
import { describe, expect, it } from 'vitest';
import { init, parse } from 'es-module-lexer';
import { STAGE_COUNT, stageSource, stageSources } from '../../../src/components/checker/stage-source.ts';
import { capstoneStage } from '../../capstone-stages.ts';

const annotated = ['// after stage {{stage}}', '//@ a note', 'a', '//@stage 2+', 'b', '  //@stage 3-4', '  c', '  //@end', '//@end', '//@stage 1', 'd', '//@end', ''].join('\n');

describe('stageSource: the annotations', () => {
  it('keeps a line when every block around it keeps the stage, says the number, drops every directive', () => {
    expect(stageSource(annotated, 1)).toBe('// after stage 1\na\nd\n');
    expect(stageSource(annotated, 2)).toBe('// after stage 2\na\nb\n');
    expect(stageSource(annotated, 3)).toBe('// after stage 3\na\nb\n  c\n');
    expect(stageSource(annotated, 5)).toBe('// after stage 5\na\nb\n');
  });

  it('refuses a stage that is not one', () => {
    expect(() => stageSource(annotated, 0)).toThrow(RangeError);
    expect(() => stageSource(annotated, STAGE_COUNT + 1)).toThrow(RangeError);
    expect(() => stageSource(annotated, 1.5)).toThrow(RangeError);
  });

  it('names the line of a directive it cannot follow', () => {
    expect(() => stageSource('a\n//@stage 2\nb', 1)).toThrow(/line 2: .*never closed/);
    expect(() => stageSource('a\n//@end', 1)).toThrow(/line 2: \/\/@end with no/);
    expect(() => stageSource('//@stages 2+\n//@end', 1)).toThrow(/line 1: unknown directive/);
    expect(() => stageSource(`//@stage 2-${STAGE_COUNT + 1}\n//@end`, 1)).toThrow(/line 1: .*not a range/);
    expect(() => stageSource('//@stage 4-2\n//@end', 1)).toThrow(/line 1: .*not a range/);
  });
});

describe('the capstone file', () => {
  it('makes eight different stages, each a module that parses, with its number in both languages and no annotation left', async () => {
    await init();
    const all = Array.from({ length: STAGE_COUNT }, (_, i) => capstoneStage(i + 1));
    expect(new Set(all).size).toBe(STAGE_COUNT);
    for (const [i, source] of all.entries()) {
      expect(() => parse(source), `stage ${i + 1} parses`).not.toThrow();
      expect(source).toContain(`after stage ${i + 1} of the`);
      expect(source).toContain(`setelah tahap ${i + 1}`);
      expect(source).not.toMatch(/^\s*\/\/@|\{\{stage\}\}/m);
    }
    // Each stage grows: the later one is longer.
    for (let n = 2; n <= STAGE_COUNT; n++) expect(all[n - 1]!.length).toBeGreaterThan(all[n - 2]!.length);
    expect(stageSources(annotated)).toEqual(Array.from({ length: STAGE_COUNT }, (_, i) => stageSource(annotated, i + 1)));
  });
});
