/**
 * ElicitationForm on the lab page: every field kind with validation, the
 * ElicitResult of Accept / Decline / Cancel, keyboard-only use, URL mode
 * (full URL shown as text, consent asked, never opened or fetched), and a
 * schema outside the flat subset shown as the server's error.
 */
import type { Locator, Page } from 'playwright-core';
import { describe } from 'vitest';
import { test, expect } from './support/fixtures.ts';
import { axeViolations } from './support/axe.ts';
import { untilHydrated } from './support/lesson-widgets.ts';

const LAB = 'lab/console/';

/** The nth ElicitationPanel of the lab page, scrolled into view and hydrated, as long as hydration takes: the wait every widget helper has. */
async function demo(page: Page, n: number): Promise<Locator> {
  const d = page.locator('section.mcp-elicitation').nth(n);
  await d.scrollIntoViewIfNeeded();
  await untilHydrated(d);
  return d;
}

const resultOf = async (d: Locator) => JSON.parse(await d.locator('.mcp-elicit-done code').innerText());

describe('ElicitationForm', () => {
  test('keyboard only: validation messages, then Accept gives typed content', async ({ open }) => {
    const page = await open(LAB);
    const d = await demo(page, 0);
    const form = d.locator('form.mcp-elicit');
    // Tab from the element before the form into its first field.
    await d.locator('summary').first().focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).id)).toContain('-name');
    await page.keyboard.type('A');
    await page.keyboard.press('Enter'); // submit
    await expect.poll(() => form.locator('[role=alert]').innerText()).toContain('Fix the');
    expect(await form.locator('.mcp-field-err').allInnerTexts()).toEqual(
      expect.arrayContaining(['At least 2 characters.', 'Required.', 'Choose at least 1.'].slice(0, 2)),
    );
    // The first invalid field got focus; fix the fields by keyboard.
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement).id)).toContain('-name');
    await page.keyboard.type('da');
    await form.getByLabel(/^Email/).fill('not-an-email');
    await form.getByLabel(/^Website/).fill('https://example.com/');
    await form.getByLabel(/^Start time/).fill('2026-02-30T08:00:00Z');
    await form.getByLabel(/^Guests/).fill('2.5');
    await form.getByLabel(/^Budget/).fill('-1');
    await form.getByRole('button', { name: 'Accept' }).press('Enter');
    await expect.poll(() => form.locator('.mcp-field-err').allInnerTexts()).toEqual(
      expect.arrayContaining([
        'Enter an email address such as ada@example.com.',
        'Enter a date and time with a zone, e.g. 2026-09-10T08:30:00Z.',
        'Enter a whole number.',
        'Must be at least 0.',
      ]),
    );
    expect(await form.getByLabel(/^Email/).getAttribute('aria-invalid')).toBe('true');
    await form.getByLabel(/^Email/).fill('ada@example.com');
    await form.getByLabel(/^Start time/).fill('2026-09-10T08:30:00Z');
    await form.getByLabel(/^Guests/).fill('13');
    await form.getByLabel(/^Budget/).fill('99.5');
    await form.getByLabel(/^Day/).fill('2026-09-10');
    await form.getByRole('button', { name: 'Accept' }).press('Enter');
    await expect.poll(() => form.locator('.mcp-field-err').allInnerTexts()).toContain('Must be at most 12.');
    await form.getByLabel(/^Guests/).fill('3');
    await form.getByLabel('Room').selectOption('south');
    await form.getByLabel('Tone').selectOption({ label: 'Casual' });
    await form.getByRole('group', { name: /Topics/ }).getByLabel('ops').press('Space');
    await form.getByRole('group', { name: /Tags/ }).getByLabel('Beta').press('Space');
    await form.getByLabel('Remind me').press('Space'); // default true -> false
    await form.getByRole('button', { name: 'Accept' }).press('Enter');
    await d.locator('.mcp-elicit-done').waitFor();
    expect(await resultOf(d)).toEqual({
      action: 'accept',
      content: {
        name: 'Ada',
        email: 'ada@example.com',
        site: 'https://example.com/',
        day: '2026-09-10',
        startsAt: '2026-09-10T08:30:00Z',
        guests: 3,
        budget: 99.5,
        remind: false,
        room: 'south',
        tone: 'casual',
        topics: ['ops'],
        tags: ['b'],
      },
    });
  });

  test('Decline and Cancel give an ElicitResult without content', async ({ open }) => {
    const page = await open(LAB);
    const d = await demo(page, 0);
    await d.getByRole('button', { name: 'Decline' }).click();
    await d.locator('.mcp-elicit-done').waitFor();
    expect(await resultOf(d)).toEqual({ action: 'decline' });
    await d.getByRole('button', { name: 'Answer again' }).click();
    await d.getByRole('button', { name: 'Cancel' }).click();
    await d.locator('.mcp-elicit-done').waitFor();
    expect(await resultOf(d)).toEqual({ action: 'cancel' });
  });

  test('URL mode shows the full URL as text and asks consent; it never opens or fetches it', async ({ open, watch }) => {
    const page = await open(LAB, { offline: true });
    const popups: string[] = [];
    page.on('popup', (p) => popups.push(p.url()));
    const d = await demo(page, 1);
    const url = 'https://mcp.example.com/ui/set_api_key?session=<script>alert(1)</script>';
    expect(await d.locator('code.mcp-url').innerText()).toBe(url);
    expect(await d.locator('code.mcp-url script').count()).toBe(0);
    await d.getByRole('button', { name: 'Accept (I consent)' }).click();
    await d.locator('.mcp-elicit-done').waitFor();
    expect(await resultOf(d)).toEqual({ action: 'accept' });
    expect(popups).toEqual([]);
    expect(watch.blocked).toEqual([]);
    expect(page.url()).toContain('/lab/console/');
  });

  test('a nested schema is the server\'s error, not a form', async ({ open }) => {
    const page = await open(LAB);
    const d = await demo(page, 2);
    await expect.poll(() => d.locator('[role=alert]').innerText()).toContain('outside the flat primitive subset');
    expect(await d.locator('[role=alert]').innerText()).toContain('property "address" is a nested object');
    expect(await d.locator('form input, form select').count()).toBe(0);
    expect(await d.getByRole('button', { name: 'Accept' }).count()).toBe(0);
    await d.getByRole('button', { name: 'Decline' }).click();
    expect(await resultOf(d)).toEqual({ action: 'decline' });
  });

  test('axe finds nothing in the forms with errors showing, in both themes', async ({ open }) => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await open(LAB, { colorScheme });
      const d = await demo(page, 0);
      await d.getByRole('button', { name: 'Accept' }).click();
      await d.locator('.mcp-field-err').first().waitFor();
      expect(await axeViolations(page, { include: ['section.mcp-elicitation'] }), colorScheme).toEqual([]);
    }
  });
});
