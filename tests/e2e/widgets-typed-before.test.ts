/**
 * Nothing a reader types is lost, on the lesson asking-the-person and its
 * Indonesian edition:
 * - before hydration: the island's module is held back by Playwright routing
 *   (the page is reloaded with the route in place), the reader types, picks
 *   and unticks in the server-rendered controls, the module is let go, and
 *   the hydrated widget keeps those values and acts on them (Send sends the
 *   typed line with the switch as set; Accept sends the chosen values; Run
 *   runs the typed edit);
 * - during the swap to CodeMirror: an IME composition (Chrome DevTools
 *   Protocol `Input.imeSetComposition`, committed with `Input.insertText`)
 *   is in progress when the editor's code arrives; the committed text is
 *   exactly what the editor holds, at the caret;
 * - a Console draft too large for localStorage: the note next to the editor
 *   says so, in the page's language, and the text stays.
 */
import type { Locator, Page } from 'playwright-core';
import { describe } from 'vitest';
import { test, expect } from './support/fixtures.ts';
import { HeldRequests } from './support/held-requests.ts';
import { lessonSites, lessonURL } from './support/lesson-sites.ts';
import { console as enConsole } from '../../src/i18n/en/console.ts';
import { console as idConsole } from '../../src/i18n/id/console.ts';

const SLUG = 'asking-the-person';
const site = lessonSites()[0]!;
/** The two editions: the standalone form's calendar field and the option whose value is `Work`, and the Console's words. */
const EDITIONS = [
  { prefix: '', field: /^Calendar/, choice: 'Work', words: enConsole },
  { prefix: 'id/', field: /^Kalender/, choice: 'Kerja', words: idConsole },
];

/**
 * Reloads `page` with the module of the island around `widget` (a CSS selector of its root section)
 * held back: the widget's server-rendered HTML is there, its island is not hydrated until `releaseAll`.
 */
async function reloadWithIslandHeld(page: Page, widget: string): Promise<HeldRequests> {
  const island = page.locator(`astro-island:has(> ${widget})`).first();
  const path = new URL((await island.getAttribute('component-url'))!, page.url()).pathname;
  const hold = new HeldRequests(page, (url) => url.pathname === path);
  await hold.install();
  await page.reload({ waitUntil: 'domcontentloaded' });
  const root = page.locator(widget).first();
  await root.scrollIntoViewIfNeeded();
  // The island asks for its module once visible; it stays unhydrated while the module is held.
  await expect.poll(() => hold.held.length, { timeout: 20_000 }).toBeGreaterThan(0);
  return hold;
}

/** Waits until the island around `widget` has hydrated (Astro drops its `ssr` attribute then). */
const islandHydrated = (page: Page, widget: string, hold: HeldRequests) =>
  hold.explainFailure(expect.poll(() => page.locator(`astro-island:has(> ${widget})`).first().getAttribute('ssr'), { timeout: 20_000 }).toBeNull());
/** Waits until the widget's root says it has hydrated (`data-ready="yes"`). */
const hydratedRoot = (root: Locator, hold?: HeldRequests) => {
  const ready = expect.poll(() => root.getAttribute('data-ready'), { timeout: 20_000 }).toBe('yes');
  return hold ? hold.explainFailure(ready) : ready;
};
const notHydrated = async (root: Locator) => expect(await root.getAttribute('data-ready')).toBeNull();

/** Clicks into `ta`, types `text` at its end as a reader does, then moves the caret `left` characters back. */
async function typeAtEnd(page: Page, ta: Locator, text: string, left: number): Promise<void> {
  await ta.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(text);
  for (let i = 0; i < left; i++) await page.keyboard.press('ArrowLeft');
}

/** What a textarea holds and where its caret is, and whether it has the focus. */
const textState = (ta: Locator) =>
  ta.evaluate((el: HTMLTextAreaElement) => ({ value: el.value, start: el.selectionStart, end: el.selectionEnd, focused: document.activeElement === el }));

/**
 * The other widgets whose server HTML has controls: what the reader does before hydration (`use`,
 * which may hand something to `check`), and what must hold once the island has hydrated (`check`),
 * each proving the widget's state, not only the control, took the value.
 */
const OTHER_WIDGETS: Array<{
  name: string;
  slug: string;
  widget: string;
  says: string;
  use: (page: Page, root: Locator) => Promise<string | void>;
  check: (page: Page, root: Locator, carried: string | void) => Promise<void>;
}> = [
  {
    name: 'IntegrationCounter',
    slug: 'why-a-protocol',
    widget: '[data-widget=integration-counter]',
    says: 'a typed count is the count it computes with',
    use: async (_, root) => root.locator('input[type=number]').nth(0).fill('12'),
    check: async (_, root) => {
      const m = Number(await root.locator('input[type=number]').nth(1).inputValue());
      await expect.poll(() => root.locator('[data-point-to-point]').innerText()).toBe(String(12 * m));
      await expect.poll(() => root.locator('[data-with-protocol]').innerText()).toBe(String(12 + m));
      expect(await root.locator('input[type=number]').nth(0).inputValue()).toBe('12');
    },
  },
  {
    name: 'ProbeFlow',
    slug: 'discover-first',
    widget: '[data-widget=probe-flow]',
    says: 'the server chosen is the one it runs: no legacy styles for calendar.mjs',
    use: async (_, root) => {
      // legacy.mjs is the server chosen first, so its answer styles are offered.
      expect(await root.locator('[data-legacy-styles]').count()).toBe(1);
      await root.locator('select[data-control=server]').selectOption('calendar');
    },
    check: async (_, root) => {
      await expect.poll(() => root.locator('[data-legacy-styles]').count()).toBe(0);
      expect(await root.locator('select[data-control=server]').inputValue()).toBe('calendar');
    },
  },
  {
    name: 'Replay',
    slug: 'statelessness-tested',
    widget: '[data-widget=replay]',
    says: 'an edited message and its caret are kept',
    use: async (page, root) => {
      await root.locator('[data-action=edit-messages]').click();
      const ta = root.locator('textarea[data-message="0"]');
      const before = await ta.inputValue();
      await typeAtEnd(page, ta, '  ', 1);
      return before;
    },
    check: async (_, root, before) => {
      const n = (before as string).length;
      await expect.poll(() => textState(root.locator('textarea[data-message="0"]'))).toEqual({ value: `${before}  `, start: n + 1, end: n + 1, focused: true });
    },
  },
  {
    name: 'TokenMeter',
    slug: 'what-a-catalog-costs',
    widget: '[data-widget=token-meter]',
    says: 'the serialisation picked stays picked once the meter has counted',
    use: async (_, root) => root.locator('input[data-serialisation=compact]').check(),
    check: async (_, root) => {
      // Counting re-renders the meter: a state still saying "python" would tick that radio again.
      await expect.poll(() => root.locator('[data-total-compact]').count(), { timeout: 60_000 }).toBe(1);
      expect(await root.locator('input[data-serialisation=compact]').isChecked()).toBe(true);
    },
  },
  {
    name: 'CacheView',
    slug: 'caching-and-change-notifications',
    widget: '[data-widget=cache-view]',
    says: 'the authorization context chosen stays chosen',
    use: async (_, root) => void (await root.locator('select[data-field=auth]').selectOption('bob')),
    check: async (_, root) => {
      await hydratedRoot(root);
      await expect.poll(() => root.locator('select[data-field=auth]').inputValue()).toBe('bob');
    },
  },
  {
    name: 'Checker',
    slug: 'write-your-own-server',
    widget: 'section.mcp-checker',
    says: '"all stages" ticked stays ticked',
    use: async (_, root) => root.locator('input[data-action=all-stages]').check(),
    check: async (_, root) => {
      await hydratedRoot(root);
      await expect.poll(() => root.locator('input[data-action=all-stages]').isChecked()).toBe(true);
    },
  },
];

for (const edition of EDITIONS) {
  const url = lessonURL(site, edition.prefix + SLUG);
  describe(`${edition.prefix}${SLUG}: before hydration`, () => {
    test('Console: the typed message, its caret, the fill-in-_meta switch and the template menu are kept; Send sends them', async ({ open }) => {
      const page = await open(url, site.options);
      const hold = await reloadWithIslandHeld(page, 'section.mcp-console');
      const c = page.locator('section.mcp-console').first();
      const ta = c.locator('.mcp-editor textarea');
      const message = '{"jsonrpc":"2.0","id":7,"method":"tools/list"}';
      await ta.click();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(message);
      await page.keyboard.press('ArrowLeft'); // the caret before the last brace
      const meta = c.locator('input[data-action="fill-meta"]');
      expect(await meta.isChecked()).toBe(false); // this Console starts with the switch off
      await meta.check();
      const menu = c.locator('.mcp-template select');
      await menu.selectOption('2');
      const chosen = (await menu.locator('option[value="2"]').innerText()).split(' ')[0]!;
      await ta.focus();
      await notHydrated(c);

      await hold.releaseAll();
      await hydratedRoot(c, hold);
      await expect.poll(() => textState(ta)).toEqual({ value: message, start: message.length - 1, end: message.length - 1, focused: true });
      await expect.poll(() => meta.isChecked()).toBe(true);
      await expect.poll(() => menu.inputValue()).toBe('2');
      // The typed text is the Console's draft now.
      const draftKey = await page.evaluate(() => `mcp-by-hand:draft:${location.pathname}:calendar:0`);
      await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), draftKey)).toBe(message);

      // Typing on goes where the caret was; Send sends the typed line, with _meta filled in as the switch says.
      await page.keyboard.type(',"params":{}');
      await c.locator('button[data-action="send"]').click();
      const sent = c.locator('li.mcp-line-out .mcp-raw').first();
      await expect.poll(() => sent.innerText(), { timeout: 20_000 }).toContain('"method":"tools/list"');
      const line = JSON.parse(await sent.innerText());
      expect(line.id).toBe(7);
      expect(line.params._meta['io.modelcontextprotocol/protocolVersion']).toBe('2026-07-28');
      // The template chosen before hydration is the one "Use template" puts in.
      await c.locator('button[data-action="use-template"]').click();
      await expect.poll(() => c.locator('.cm-content').innerText()).toMatch(new RegExp(`"method":\\s*"${chosen.replace(/[/.]/g, '\\$&')}"`));
    });

    test('ElicitationForm: the chosen calendar and the unticked box are kept; Accept sends them', async ({ open }) => {
      const page = await open(url, site.options);
      const hold = await reloadWithIslandHeld(page, 'section.mcp-elicitation');
      const form = page.locator('section.mcp-elicitation').first();
      await form.getByLabel(edition.field).selectOption({ label: edition.choice });
      const notify = form.getByRole('checkbox');
      expect(await notify.isChecked()).toBe(true); // the schema's default
      await notify.uncheck();
      await notHydrated(form);

      await hold.releaseAll();
      await hydratedRoot(form, hold);
      await expect.poll(() => form.getByLabel(edition.field).inputValue()).toBe('Work');
      await expect.poll(() => notify.isChecked()).toBe(false);
      await form.locator('button[data-action="accept"]').click();
      const done = form.locator('.mcp-elicit-done code');
      await expect.poll(() => done.count()).toBe(1);
      expect(JSON.parse(await done.innerText())).toEqual({ action: 'accept', content: { calendar: 'Work', notify: false } });
    });

    test('ServerEditor: the typed edit and its caret are kept, saved, marked changed, and Run runs it', async ({ open }) => {
      const page = await open(url, site.options);
      const hold = await reloadWithIslandHeld(page, 'section.mcp-server-editor');
      const e = page.locator('section.mcp-server-editor').first();
      const ta = e.locator('.mcp-editor-js textarea');
      const original = await ta.inputValue();
      await typeAtEnd(page, ta, '\nconsole.error("typed early");', 2); // the caret before `);`
      const typed = `${original}\nconsole.error("typed early");`;
      await notHydrated(e);

      await hold.releaseAll();
      await hydratedRoot(e, hold);
      await expect.poll(() => textState(ta)).toEqual({ value: typed, start: typed.length - 2, end: typed.length - 2, focused: true });
      await expect.poll(() => e.locator('span.mcp-changed').getAttribute('data-changed')).toBe('yes');
      const editKey = await page.evaluate(() => `mcp-by-hand:edit:${location.pathname}:toy-servers/calendar.mjs`);
      await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), editKey)).toBe(typed);

      await page.keyboard.type(', 42');
      await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), editKey)).toBe(`${original}\nconsole.error("typed early", 42);`);
      await e.locator('button[data-action="run"]').click();
      await expect.poll(() => e.locator('.mcp-stderr').innerText(), { timeout: 20_000 }).toContain('typed early 42');
    });
  });

  describe(`${edition.prefix}${SLUG}: an IME composition while CodeMirror arrives`, () => {
    const EDITORS = [
      { name: 'ServerEditor', widget: 'section.mcp-server-editor', host: '.mcp-editor-js', key: 'edit', caretAfter: 'import' },
      { name: 'Console', widget: 'section.mcp-console', host: '.mcp-editor', key: 'draft', caretAfter: 'Dentist' },
    ];
    for (const editor of EDITORS) {
      test(`${editor.name}: the swap waits for compositionend; the committed 日本 is exactly what the editor holds, at the caret`, async ({ open }) => {
        const page = await open(url, site.options);
        const root = page.locator(editor.widget).first();
        await root.scrollIntoViewIfNeeded();
        await hydratedRoot(root);
        const host = root.locator(editor.host).first();
        const ta = host.locator('textarea');
        const before = await ta.inputValue();
        const at = before.indexOf(editor.caretAfter) + editor.caretAfter.length;
        // Hold the editor's code: focusing the textarea asks for it.
        const hold = new HeldRequests(page, (u) => /\/_astro\/.*\.js$/.test(u.pathname));
        await hold.install();
        await ta.focus();
        await ta.evaluate((el: HTMLTextAreaElement, at: number) => el.setSelectionRange(at, at), at);
        await expect.poll(() => hold.held.length, { timeout: 20_000 }).toBeGreaterThan(0);
        await expect.poll(() => host.getAttribute('data-editor')).toBe('loading');

        const cdp = await page.context().newCDPSession(page);
        for (const text of ['に', 'にほ', 'にほん']) await cdp.send('Input.imeSetComposition', { text, selectionStart: text.length, selectionEnd: text.length });
        // The code arrives while the reader is still composing: CodeMirror is ready and waits.
        await hold.releaseAll();
        await expect.poll(() => host.getAttribute('data-editor'), { timeout: 20_000 }).toBe('composing');
        expect(await host.locator('.cm-content').count()).toBe(0);
        await cdp.send('Input.insertText', { text: '日本' });

        await expect.poll(() => host.getAttribute('data-editor'), { timeout: 20_000 }).toBe('code');
        const expected = before.slice(0, at) + '日本' + before.slice(at);
        const key = await page.evaluate(
          (kind) => (kind === 'edit' ? `mcp-by-hand:edit:${location.pathname}:toy-servers/calendar.mjs` : `mcp-by-hand:draft:${location.pathname}:calendar:0`),
          editor.key,
        );
        await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), key)).toBe(expected);
        // The caret came along: the next key lands right after the committed text, in CodeMirror.
        await expect.poll(() => host.locator('.cm-content').evaluate((el) => el.contains(document.activeElement) || el === document.activeElement)).toBe(true);
        await page.keyboard.type('X');
        await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), key)).toBe(before.slice(0, at) + '日本X' + before.slice(at));
        await cdp.detach();
      });
    }
  });

  describe(`${edition.prefix}${SLUG}: a Console draft too large to keep`, () => {
    test('the note next to the editor says so, in the page\'s language, and the text stays', async ({ open }) => {
      const page = await open(url, site.options);
      const c = page.locator('section.mcp-console').first();
      await c.scrollIntoViewIfNeeded();
      await hydratedRoot(c);
      const ta = c.locator('.mcp-editor textarea');
      const size = 6 * 1024 * 1024;
      // This browser's storage really refuses a text this large (measured, not assumed).
      const refused = await page.evaluate((n) => {
        try {
          localStorage.setItem('mcp-by-hand:probe', 'a'.repeat(n));
          localStorage.removeItem('mcp-by-hand:probe');
          return false;
        } catch {
          return true;
        }
      }, size);
      expect(refused).toBe(true);
      const note = c.locator('[data-draft="refused"]');
      expect(await note.count()).toBe(0);
      // A pasted message of 6 MB: one input event on the textarea, as a paste makes.
      await ta.evaluate((el: HTMLTextAreaElement, n: number) => {
        el.value = `{"jsonrpc":"2.0","id":9,"method":"tools/list","params":{"pad":"${'a'.repeat(n)}"}}`;
        el.dispatchEvent(new Event('input', { bubbles: true }));
      }, size);
      await expect.poll(() => note.isVisible(), { timeout: 20_000 }).toBe(true);
      await expect.poll(() => note.innerText()).toBe(edition.words['console.draftRefused']);
      // Next to the editor: right after it, before the help line.
      expect(await note.evaluate((el) => el.previousElementSibling?.classList.contains('mcp-editor'))).toBe(true);
      expect(await ta.evaluate((el: HTMLTextAreaElement) => el.value.length)).toBe(size + '{"jsonrpc":"2.0","id":9,"method":"tools/list","params":{"pad":""}}'.length);
    });
  });

  describe(`the other widgets with controls keep what was used before hydration (${edition.prefix ? 'Indonesian' : 'English'} edition)`, () => {
    for (const w of OTHER_WIDGETS) {
      test(`${w.name} (${w.slug}): ${w.says}`, async ({ open }) => {
        const page = await open(lessonURL(site, edition.prefix + w.slug), site.options);
        const hold = await reloadWithIslandHeld(page, w.widget);
        const root = page.locator(w.widget).first();
        const carried = await w.use(page, root);
        await hold.releaseAll();
        await islandHydrated(page, w.widget, hold);
        await w.check(page, root, carried);
      });
    }
  });
}
