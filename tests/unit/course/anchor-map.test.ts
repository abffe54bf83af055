import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { anchorMap } from '../../../src/course/anchor-map.ts';
import { LOCALES } from '../../../src/course/locales.ts';

/** The heading levels of an MDX lesson, in order (`##` lines outside code fences). */
function outline(file: string): number[] {
  let fenced = false;
  const levels: number[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const m = !fenced && /^(#{2,6}) /.exec(line);
    if (m) levels.push(m[1]!.length);
  }
  return levels;
}

describe('anchorMap: the language picker keeps the section', () => {
  it('maps each heading id to the one in the same place on the other edition', () => {
    const en = [{ depth: 2, slug: 'one-call' }, { depth: 2, slug: 'the-three-branches' }, { depth: 3, slug: 'recap' }];
    const id = [{ depth: 2, slug: 'satu-panggilan' }, { depth: 2, slug: 'tiga-cabang' }, { depth: 3, slug: 'recap' }];
    expect(anchorMap(en, id)).toEqual({ 'one-call': 'satu-panggilan', 'the-three-branches': 'tiga-cabang' });
    expect(anchorMap(id, en)).toEqual({ 'satu-panggilan': 'one-call', 'tiga-cabang': 'the-three-branches' });
  });
  it('maps nothing when the outlines differ in length or level', () => {
    expect(anchorMap([{ depth: 2, slug: 'a' }], [{ depth: 2, slug: 'b' }, { depth: 2, slug: 'c' }])).toBeUndefined();
    expect(anchorMap([{ depth: 2, slug: 'a' }], [{ depth: 3, slug: 'b' }])).toBeUndefined();
  });
  it('every translated lesson has the outline of its English page, so every heading is mapped', () => {
    for (const lang of Object.keys(LOCALES).filter((l) => l !== 'root')) {
      const files = readdirSync(`lessons/${lang}`).filter((f) => f.endsWith('.mdx'));
      expect(files.length).toBeGreaterThan(0);
      for (const f of files) expect(outline(`lessons/${lang}/${f}`), `lessons/${lang}/${f}`).toEqual(outline(`lessons/${f}`));
    }
  });
});
