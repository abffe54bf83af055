import { describe, expect, test } from 'vitest';
import { globSync, readdirSync } from 'node:fs';
import { CourseConfigError, lessonPatterns, parseCourseConfig, publicCourseConfig } from '../../../src/course/config.ts';
import committed from '../../../course.config.ts';

describe('course config', () => {
  test('the committed course.config.ts is valid and uses WebContainer on demand', () => {
    const config = parseCourseConfig(committed);
    expect(config.base).toBe('/');
    expect(publicCourseConfig(config).webcontainer).toBe('on-demand');
  });

  test('an empty config gets every default', () => {
    expect(parseCourseConfig({})).toEqual({ title: 'MCP by Hand', base: '/', engine: 'auto', webcontainer: { allowed: true } });
  });

  test.each([
    [{ base: 'courses/mcp' }, 'base'],
    [{ base: '/courses/mcp' }, 'base'],
    [{ engine: 'deno' }, 'engine'],
    [{ lessons: ['The Wire'] }, 'lessons.0'],
    [{ lessons: [] }, 'lessons'],
    [{ webcontainer: { allowed: 'yes' } }, 'webcontainer.allowed'],
    [{ site: 'example.edu' }, 'site'],
    [{ tittle: 'typo' }, '(config)'],
  ])('%j is refused with an error naming %s', (raw, field) => {
    let error: unknown;
    try {
      parseCourseConfig(raw, 'my.config.ts');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CourseConfigError);
    expect((error as Error).message).toContain('my.config.ts');
    expect((error as Error).message).toContain(`- ${field}:`);
  });

  test.each([
    [{ engine: 'auto' }, 'on-demand'],
    [{ engine: 'worker' }, 'off'],
    [{ engine: 'webcontainer' }, 'preferred'],
    [{ engine: 'webcontainer', webcontainer: { allowed: false } }, 'off'],
  ] as const)('engine setting %j means WebContainer %s in the page', (raw, policy) => {
    expect(publicCourseConfig(parseCourseConfig(raw)).webcontainer).toBe(policy);
  });

  test('the API key reaches the page only when WebContainer may run', () => {
    expect(publicCourseConfig(parseCourseConfig({ webcontainer: { apiKey: 'k1' } })).webcontainerApiKey).toBe('k1');
    expect(publicCourseConfig(parseCourseConfig({ engine: 'worker', webcontainer: { apiKey: 'k1' } })).webcontainerApiKey).toBeUndefined();
  });
});

describe('which lessons a build publishes', () => {
  const lessonsDir = new URL('../../../lessons/', import.meta.url).pathname;
  const published = (list?: string[]) => globSync(lessonPatterns(list), { cwd: lessonsDir }).sort();

  test('without a list: every lesson file (none starting with "_")', () => {
    const lessonFiles = (dir: string) => readdirSync(lessonsDir + dir).filter((f) => /\.mdx?$/.test(f) && !f.startsWith('_'));
    const all = [...lessonFiles(''), ...lessonFiles('id/').map((f) => `id/${f}`)].sort();
    expect(all.length).toBeGreaterThan(20);
    expect(published()).toEqual(all);
  });

  test('with a list: the landing page and exactly the listed lessons', () => {
    expect(published(['the-wire', 'discover-first'])).toEqual(
      ['discover-first.mdx', 'id/discover-first.mdx', 'id/index.mdx', 'id/the-wire.mdx', 'index.mdx', 'the-wire.mdx'],
    );
  });
});
