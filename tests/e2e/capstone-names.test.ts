/**
 * The capstone's file names agree with its lesson, in both editions (default
 * build): "Run it on your machine" under the ServerEditor gives the reader's
 * server as `my-server.mjs` with `node my-server.mjs` (the command the lesson
 * gives the checker), the download holds the edit, and the Checker's title
 * says it checks the reader's edit once there is one.
 */
import { readFileSync } from 'node:fs';
import { describe } from 'vitest';
import { t, type Lang } from '../../src/i18n/index.ts';
import { SERVERS } from '../../toy-servers/registry.ts';
import { commentsIn } from '../../src/components/pure/comment-language.ts';
import { expect, test } from './support/fixtures.ts';
import { lessonSites, lessonURL } from './support/lesson-sites.ts';
import { serverEditorAt, typeSource } from './support/lesson-editor.ts';
import { untilHydrated } from './support/lesson-widgets.ts';

const site = lessonSites()[0]!;
/** The starter as the editor shows it on a page of `lang`: its comments in that language. */
const starterIn = (lang: Lang) => commentsIn(readFileSync(new URL('../../toy-servers/starter.mjs', import.meta.url), 'utf8'), lang);
const HOME = SERVERS.starter.homeName;

for (const { prefix, lang } of [{ prefix: '', lang: 'en' as Lang }, { prefix: 'id/', lang: 'id' as Lang }]) {
  describe(`write-your-own-server names (/${prefix}, default build)`, () => {
    test('the take-home is my-server.mjs as the lesson says, and the Checker names the edit it checks', async ({ open }) => {
      const page = await open(lessonURL(site, `${prefix}write-your-own-server`), site.options);
      // The lesson's command names the file the page hands out.
      expect(await page.locator('main').innerText()).toContain(`node ${HOME}`);
      const editor = await serverEditorAt(page, 0);
      const checker = page.locator('section.mcp-checker');
      await checker.scrollIntoViewIfNeeded();
      await untilHydrated(checker);
      const title = checker.locator('.mcp-widget-title');
      const file = SERVERS.starter.file;
      await expect.poll(() => title.innerText()).toBe(t('checker.title', { file }, lang));
      expect(await checker.getAttribute('data-source')).toBe('original');

      // The reader edits: the Checker says whose source it checks now.
      const edited = `${starterIn(lang)}\n// my own server\n`;
      await typeSource(page, editor, edited);
      await expect.poll(() => title.innerText()).toBe(t('checker.title-edited', { file }, lang));
      expect(await checker.getAttribute('data-source')).toBe('edit');

      // Run it on your machine: the command and the download carry the lesson's name, and the edit.
      const home = editor.locator('details.mcp-take-home');
      await home.locator('summary').click();
      await expect.poll(() => home.locator('code.mcp-command').innerText()).toBe(`node ${HOME}`);
      const button = home.getByRole('button', { name: t('common.home.download', { file: HOME }, lang), exact: true });
      const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
      expect(download.suggestedFilename()).toBe(HOME);
      const path = await download.path();
      expect(readFileSync(path!, 'utf8')).toBe(edited);

      // Back to the original text: the title says the shipped file again.
      await typeSource(page, editor, `${starterIn(lang)}\n`);
      await page.keyboard.press('Backspace');
      await expect.poll(() => title.innerText()).toBe(t('checker.title', { file }, lang));
    });
  });
}
