/**
 * What a reader does on a lesson page, written once over the thin `Tab` of
 * ./drivers.ts, so the same steps run in Chromium, Firefox and WebKitGTK:
 * find a widget, bring it on screen (its island hydrates when visible), click
 * its controls with the real pointer, type with real key presses, and read
 * what it shows. Every read after an action retries until it holds or its time
 * runs out (`until`), like Playwright's `expect.poll` in the e2e suite.
 *
 * Elements are named by a `Target`: CSS (controls by their `data-action` /
 * `data-control`, the same in every language), optionally the nth match,
 * inside another target, or with an exact text (a Console's starting-message
 * buttons, named by the lesson in the page's language).
 */
import type { Tab } from './drivers.ts';

/** An element: the `n`th (from 0) element matching `css` (and, with `text`, whose trimmed text is exactly `text`), inside `within`. */
export interface Target {
  css: string;
  n?: number;
  text?: string;
  within?: Target;
}

/** The page-side helpers every step uses, installed on `window.__xbrowser` after each load. */
interface PageHelpers {
  find(target: Target): HTMLElement | null;
  /** Scrolls the target to the middle of the viewport; its centre if the pointer would hit it there (and it is enabled), else null. */
  point(target: Target): { x: number; y: number } | null;
}
declare global {
  interface Window {
    __xbrowser: PageHelpers;
  }
}

/** Runs in the page: defines `window.__xbrowser`. Self-contained (it is sent as source text). */
function installHelpers(): void {
  const find = (target: Target): HTMLElement | null => {
    const root: ParentNode | null = target.within ? find(target.within) : document;
    if (!root) return null;
    let all = [...root.querySelectorAll<HTMLElement>(target.css)];
    if (target.text !== undefined) all = all.filter((el) => el.textContent?.trim() === target.text);
    return all[target.n ?? 0] ?? null;
  };
  const point = (target: Target) => {
    const el = find(target);
    if (!el || (el as HTMLButtonElement).disabled) return null;
    el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) return null;
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    return hit && (hit === el || el.contains(hit)) ? { x, y } : null;
  };
  window.__xbrowser = { find, point };
}

/** Navigates to `url` and installs the page-side helpers. */
export async function open(tab: Tab, url: string): Promise<void> {
  await tab.goto(url);
  await tab.evaluate(installHelpers, undefined);
}

/**
 * Reloads the page once it has settled, and installs the page-side helpers again. Settled: no
 * resource has finished loading for 500 ms (a reload that cuts a lazy import short is reported
 * as a page error by Firefox, rightly for a reader, wrongly for this test).
 */
export async function reload(tab: Tab): Promise<void> {
  await until(tab, 'the page to stop loading resources', () => {
    const ends = performance.getEntriesByType('resource').map((e) => (e as PerformanceResourceTiming).responseEnd);
    return document.readyState === 'complete' && performance.now() - Math.max(0, ...ends) > 500;
  }, undefined);
  await tab.reload();
  await tab.evaluate(installHelpers, undefined);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `fn(arg)` in the page every 100 ms until it returns something other than `null`,
 * `undefined` or `false`, and returns that.
 * @param what what is awaited, for the error.
 * @param timeoutMs how long to keep trying, in ms.
 * @throws Error naming `what` and the last value seen when time runs out.
 */
export async function until<A, R>(tab: Tab, what: string, fn: (arg: A) => R | null | undefined | false | Promise<R | null | undefined | false>, arg: A, timeoutMs = 20_000): Promise<R> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await tab.evaluate(fn, arg);
    if (value !== null && value !== undefined && value !== false) return value as R;
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what}; last seen: ${JSON.stringify(value)}`);
    await sleep(100);
  }
}

/** Clicks `target` with the real pointer, once it is on screen, enabled and not covered. */
export async function click(tab: Tab, target: Target, timeoutMs = 20_000): Promise<void> {
  const at = await until(tab, `${named(target)} to be clickable`, (t) => window.__xbrowser.point(t), target, timeoutMs);
  await tab.clickAt(at.x, at.y);
}

/** A target as words, for errors. */
export const named = (t: Target): string => `${t.within ? `${named(t.within)} > ` : ''}${t.css}${t.n ? `[${t.n}]` : ''}${t.text !== undefined ? ` "${t.text}"` : ''}`;

/** The trimmed text of `target` once it exists. */
export const textOf = (tab: Tab, target: Target, timeoutMs?: number) =>
  until(tab, `${named(target)} to show`, (t) => window.__xbrowser.find(t)?.textContent?.trim() ?? null, target, timeoutMs);

/** Waits until attribute `name` of `target` is `value`. */
export const attributeIs = (tab: Tab, target: Target, name: string, value: string, timeoutMs?: number) =>
  until(tab, `${named(target)} [${name}="${value}"]`, ([t, n, v]) => window.__xbrowser.find(t)?.getAttribute(n) === v, [target, name, value] as const, timeoutMs);

/** Attribute `name` of every element matching `css` inside `within`, in page order. */
export const attributes = (tab: Tab, within: Target, css: string, name: string) =>
  tab.evaluate(([w, c, n]) => [...(window.__xbrowser.find(w)?.querySelectorAll(c) ?? [])].map((el) => el.getAttribute(n)), [within, css, name] as const);

/** Brings `target` on screen (so a `client:visible` island hydrates) and waits until it carries `data-ready="yes"`. */
export async function ready(tab: Tab, target: Target): Promise<void> {
  await until(
    tab,
    `${named(target)} to be hydrated (data-ready=yes)`,
    (t) => {
      const el = window.__xbrowser.find(t);
      el?.scrollIntoView({ block: 'center', behavior: 'instant' });
      return el?.getAttribute('data-ready') === 'yes';
    },
    target,
  );
}

/** Brings the `data-widget=name` island on screen and waits until it is hydrated (its `astro-island` lost `ssr`). */
export async function hydrated(tab: Tab, name: string): Promise<Target> {
  const target = { css: `[data-widget="${name}"]` };
  await until(
    tab,
    `the ${name} widget to be hydrated`,
    (t) => {
      const el = window.__xbrowser.find(t);
      el?.scrollIntoView({ block: 'center', behavior: 'instant' });
      const island = el?.closest('astro-island');
      return !!island && !island.hasAttribute('ssr');
    },
    target,
  );
  return target;
}

/**
 * Waits until the editor in `box` (a Console's or a ServerEditor's) holds exactly `text`:
 * CodeMirror's lines once it has replaced the first textarea (read line by line: `innerText`
 * of the whole editor ends with a newline in WebKit and not in the others).
 */
export const editorHolds = (tab: Tab, box: Target, text: string) =>
  until(
    tab,
    `${named(box)} to hold ${text}`,
    ([b, want]) => {
      const el = window.__xbrowser.find(b);
      const cm = el?.querySelector<HTMLElement>('.cm-content');
      const text = cm ? [...cm.querySelectorAll('.cm-line')].map((line) => line.textContent).join('\n') : el?.querySelector('textarea')?.value;
      return text === want;
    },
    [box, text] as const,
  );

/**
 * Chooses the option labelled `label` of the `<select>` `target`, as the page sees a reader's
 * choice (value set, `input` and `change` fired; what Playwright's `selectOption` does too).
 */
export async function choose(tab: Tab, target: Target, label: string): Promise<void> {
  await until(
    tab,
    `${named(target)} to offer "${label}"`,
    ([t, l]) => {
      const select = window.__xbrowser.find(t) as HTMLSelectElement | null;
      const option = select && [...select.options].find((o) => o.textContent?.trim() === l);
      if (!select || !option) return false;
      select.value = option.value;
      select.dispatchEvent(new Event('input', { bubbles: true }));
      select.dispatchEvent(new Event('change', { bubbles: true }));
      return true;
    },
    [target, label] as const,
  );
}

/** Replaces the value of the text field `target` by the reader's key presses: click, select all, type. */
export async function fill(tab: Tab, target: Target, text: string): Promise<void> {
  await click(tab, target);
  await tab.selectAll();
  await tab.type(text);
  await until(tab, `${named(target)} to hold "${text}"`, ([t, v]) => (window.__xbrowser.find(t) as HTMLInputElement | null)?.value === v, [target, text] as const);
}

/**
 * In the CodeMirror editor inside `box` (already focused by a click), selects the first
 * occurrence of `needle` (one line), scrolling the editor until CodeMirror has drawn that line,
 * then types `replacement` over it with real key presses, as a reader selecting a word and
 * typing over it does. CodeMirror takes the page's selection as its own on `selectionchange`.
 */
export async function typeOver(tab: Tab, box: Target, needle: string, replacement: string): Promise<void> {
  await until(
    tab,
    `"${needle}" to be drawn and selected in ${named(box)}`,
    async ([b, n]) => {
      const content = window.__xbrowser.find(b)?.querySelector<HTMLElement>('.cm-content');
      const scroller = content?.closest<HTMLElement>('.cm-scroller');
      if (!content || !scroller || document.activeElement !== content) return false;
      const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      for (scroller.scrollTop = 0; ; scroller.scrollTop += scroller.clientHeight * 0.8) {
        await frame();
        const walker = document.createTreeWalker(content, NodeFilter.SHOW_TEXT);
        const nodes: Array<[Text, number]> = [];
        let all = '';
        while (walker.nextNode()) {
          const node = walker.currentNode as Text;
          nodes.push([node, all.length]);
          all += node.data;
        }
        const at = all.indexOf(n);
        if (at >= 0) {
          const place = (pos: number): [Text, number] => {
            const [node, start] = nodes.findLast(([, s]) => s <= pos)!;
            return [node, pos - start];
          };
          const range = document.createRange();
          range.setStart(...place(at));
          range.setEnd(...place(at + n.length));
          const selection = getSelection()!;
          selection.removeAllRanges();
          selection.addRange(range);
          await frame();
          return getSelection()?.toString() === n;
        }
        if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1) return false;
      }
    },
    [box, needle] as const,
  );
  await tab.type(replacement);
}
