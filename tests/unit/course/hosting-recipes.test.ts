import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { hostRecipes, isolationHeaders } from '../../../src/hosting/headers.ts';

/** Each host's format, parsed into `{ header -> value }` by rules of that format (not by our generator). */
const parsers: Record<string, (text: string) => Record<string, string>> = {
  _headers(text) {
    // Netlify / Cloudflare Pages: a path line, then indented `Name: value` lines.
    const out: Record<string, string> = {};
    const lines = text.split('\n').filter((l) => l.trim() && !l.trim().startsWith('#'));
    expect(lines[0]).toMatch(/^\/\S*$/);
    for (const line of lines.slice(1)) {
      const m = /^\s+([A-Za-z-]+):\s*(.+)$/.exec(line);
      expect(m, `header line: ${line}`).not.toBeNull();
      out[m![1]] = m![2].trim();
    }
    return out;
  },
  'vercel.json'(text) {
    const json = JSON.parse(text) as { headers: { source: string; headers: { key: string; value: string }[] }[] };
    expect(json.headers).toHaveLength(1);
    return Object.fromEntries(json.headers[0].headers.map((h) => [h.key, h.value]));
  },
  'mcp-by-hand.conf'(text) {
    const code = text.replace(/#.*$/gm, '');
    expect(code.split('{').length).toBe(code.split('}').length);
    const statements = code.split(/[;{}]/).map((s) => s.trim()).filter(Boolean);
    const out: Record<string, string> = {};
    for (const s of statements.filter((s) => s.startsWith('add_header'))) {
      const m = /^add_header\s+(\S+)\s+"([^"]*)"\s+always$/.exec(s);
      expect(m, s).not.toBeNull();
      out[m![1]] = m![2];
    }
    return out;
  },
  Caddyfile(text) {
    const code = text.replace(/#.*$/gm, '');
    expect(code.split('{').length).toBe(code.split('}').length);
    const block = /header\s*\{([^}]*)\}/.exec(code);
    expect(block).not.toBeNull();
    return Object.fromEntries(
      block![1].split('\n').map((l) => l.trim()).filter(Boolean).map((l) => {
        const m = /^(\S+)\s+"([^"]*)"$/.exec(l);
        expect(m, l).not.toBeNull();
        return [m![1], m![2]];
      }),
    );
  },
  '.htaccess'(text) {
    expect(text.match(/<IfModule mod_headers\.c>/g)).toHaveLength(1);
    expect(text.match(/<\/IfModule>/g)).toHaveLength(1);
    const out: Record<string, string> = {};
    for (const m of text.matchAll(/^\s*Header\s+always\s+set\s+(\S+)\s+"([^"]*)"\s*$/gm)) out[m[1]] = m[2];
    return out;
  },
};

describe('host recipes', () => {
  for (const recipe of hostRecipes('/')) {
    test(`hosting/${recipe.host}/${recipe.file} is committed, up to date, parses, and names exactly the isolation headers`, () => {
      const committed = readFileSync(new URL(`../../../hosting/${recipe.host}/${recipe.file}`, import.meta.url), 'utf8');
      expect(committed, 'run `npm run hosting` to regenerate').toBe(recipe.text);
      expect(parsers[recipe.file](committed)).toEqual({ ...isolationHeaders });
    });
  }

  test('a sub-path base scopes every recipe to that path', () => {
    for (const recipe of hostRecipes('/courses/mcp/')) {
      expect(recipe.text, recipe.host).toContain('/courses/mcp/');
      expect(parsers[recipe.file](recipe.text)).toEqual({ ...isolationHeaders });
    }
  });
});
