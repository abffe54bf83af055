/**
 * Helpers for lesson journeys that use the HttpRequest widget the way a
 * reader does: pick a starting request, send it, read the response the widget
 * shows (status line, headers, body), answer a consent form, press the PKCE
 * buttons, read and edit the values table. Controls and states are found by
 * attributes that are the same in every language (`data-action`,
 * `data-control`, `data-exchange`, `data-status`, `data-raw`, `data-value`,
 * `data-check`), so one journey runs on both editions.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from './fixtures.ts';
import { untilHydrated } from './lesson-widgets.ts';

/** The nth HttpRequest widget on the page (page order), scrolled into view and hydrated. */
export async function httpRequestAt(page: Page, n: number): Promise<Locator> {
  const w = page.locator('section.mcp-http-request').nth(n);
  await w.scrollIntoViewIfNeeded();
  await untilHydrated(w);
  return w;
}

/** One response as the widget shows it. */
export interface Shown {
  status: number;
  /** Response headers, names lower-cased. */
  headers: Map<string, string>;
  /** The raw body as received ('' when there is none). */
  body: string;
  /** The exchange's list item (its notes, checks and forms). */
  item: Locator;
}

const exchanges = (w: Locator) => w.locator('li.mcp-line-http');

/** The newest exchange the widget shows, once it has its status. */
async function newest(w: Locator, before: number): Promise<Shown> {
  await expect.poll(() => exchanges(w).count(), { timeout: 20_000 }).toBe(before + 1);
  const n = String(before + 1);
  const item = w.locator(`li.mcp-line-http[data-exchange="${n}"]`);
  await expect.poll(() => item.getAttribute('data-status'), { timeout: 20_000 }).toMatch(/^\d{3}$/);
  const status = Number(await item.getAttribute('data-status'));
  const headers = new Map<string, string>();
  const block = (await item.locator('pre[data-raw="headers"]').count()) ? await item.locator('pre[data-raw="headers"]').textContent() : '';
  for (const line of (block ?? '').split('\n')) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  const raw = item.locator('pre[data-raw="body"], pre[data-html-source]');
  const body = (await raw.count()) ? ((await raw.first().textContent()) ?? '') : '';
  return { status, headers, body, item };
}

/** Picks the starting request labelled `label` (its method, path, headers and body fill the fields). */
export async function useTemplate(w: Locator, label: string): Promise<void> {
  const button = w.locator('button[data-action="use-template"]', { hasText: label });
  await expect.poll(() => button.count()).toBe(1);
  await button.click();
}

/** Presses Send and returns the response the widget then shows. */
export async function sendShown(w: Locator): Promise<Shown> {
  const before = await exchanges(w).count();
  await w.locator('button[data-action="send"]').click();
  return newest(w, before);
}

/** Picks the starting request `label`, sends it, and returns the response. */
export async function sendTemplate(w: Locator, label: string): Promise<Shown> {
  await useTemplate(w, label);
  return sendShown(w);
}

/** The value `name` in the widget's values table ('' when it has none). */
export async function valueOf(w: Locator, name: string): Promise<string> {
  const cell = w.locator(`[data-value="${name}"] .mcp-http-value`);
  return (await cell.count()) ? cell.inputValue() : '';
}

/** Waits until the values table holds `name` (any value) and returns it. */
export async function keptValue(w: Locator, name: string): Promise<string> {
  await expect.poll(() => valueOf(w, name), { timeout: 10_000 }).not.toBe('');
  return valueOf(w, name);
}

/** Edits the value `name` in the table, as a reader types over it. */
export async function setValue(w: Locator, name: string, value: string): Promise<void> {
  await w.locator(`[data-value="${name}"] .mcp-http-value`).fill(value);
  await expect.poll(() => valueOf(w, name)).toBe(value);
}

/** Adds a value `name` with `value` through the table's Add row. */
export async function addValue(w: Locator, name: string, value: string): Promise<void> {
  await w.locator('[data-control="new-name"]').fill(name);
  await w.locator('[data-control="new-value"]').fill(value);
  await w.locator('[data-action="add-value"]').click();
  await expect.poll(() => valueOf(w, name)).toBe(value);
}

/** Presses the PKCE panel's New code_verifier and New random state; returns the new values. */
export async function freshPkce(w: Locator): Promise<{ verifier: string; challenge: string; state: string }> {
  const pkce = w.locator('details.mcp-http-pkce');
  if ((await pkce.getAttribute('open')) === null) await pkce.locator('summary[data-action="pkce"]').click();
  const old = { verifier: await valueOf(w, 'code_verifier'), state: await valueOf(w, 'state') };
  await w.locator('button[data-action="new-verifier"]').click();
  await w.locator('button[data-action="new-state"]').click();
  await expect.poll(() => valueOf(w, 'code_verifier')).not.toBe(old.verifier);
  await expect.poll(() => valueOf(w, 'state')).not.toBe(old.state);
  await expect.poll(() => valueOf(w, 'code_challenge')).not.toBe('');
  return { verifier: await valueOf(w, 'code_verifier'), challenge: await valueOf(w, 'code_challenge'), state: await valueOf(w, 'state') };
}

/**
 * Answers the consent page shown in `consent` with its first button (Allow on
 * the toy authorization server's page), as the reader does: the widget writes
 * the form's request into the fields, the reader sends it.
 */
export async function allow(w: Locator, consent: Shown): Promise<Shown> {
  expect(consent.status).toBe(200);
  await consent.item.locator('button[data-action="answer-form"]').first().click();
  await expect.poll(() => w.locator('[data-control="method"]').inputValue()).toBe('POST');
  return sendShown(w);
}

/** The query of a redirect's Location header. */
export function redirectQuery(shown: Shown): URLSearchParams {
  expect(shown.status).toBe(303);
  return new URL(shown.headers.get('location') ?? 'http://invalid/').searchParams;
}

/** The decoded payload of a JWT (no check of its signature: the server's job). */
export function jwtPayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
}
