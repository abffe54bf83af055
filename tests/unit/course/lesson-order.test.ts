import { describe, expect, test } from 'vitest';
import { readdirSync } from 'node:fs';
import { lessonsInOrder, sidebarOrder } from '../../../src/course/lesson-order.ts';

describe('default lesson order', () => {
  test('reads sidebar.order from front matter, with or without other keys between', () => {
    expect(sidebarOrder('---\ntitle: A\nsidebar:\n  order: 7\n---\nbody')).toBe(7);
    expect(sidebarOrder('---\nsidebar:\n  label: x\n  order: 12\ntitle: B\n---\n')).toBe(12);
    expect(sidebarOrder('---\ntitle: C\n---\norder: 3\n')).toBe(Infinity);
  });

  test('the real lessons folder: every English lesson once, index and translations left out, orders ascending', () => {
    const slugs = lessonsInOrder('lessons');
    const files = readdirSync('lessons').filter((f) => f.endsWith('.mdx') && f !== 'index.mdx' && !f.startsWith('_'));
    expect(new Set(slugs)).toEqual(new Set(files.map((f) => f.replace(/\.mdx$/, ''))));
    expect(slugs).not.toContain('index');
    expect(slugs[0]).toBe('how-this-course-works');
  });
});
