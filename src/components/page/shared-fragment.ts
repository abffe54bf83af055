/**
 * The shared exchange a page was opened with: `location.hash` read once per
 * page, decoded (see `pure/share-link.ts`), and handed to the one widget it
 * targets. Several widgets of a kind may share a page (two Consoles): each
 * widget's share bar is marked `data-share-bar` with its kind and `which`
 * (its `id`, else its position among the bars of its kind); the exchange goes
 * to the bar of its kind and `which`, else to the first bar of its kind. A
 * fragment that is refused (malformed, too large, another version) or names a
 * kind the page does not have is said by the first bar of the page, so the
 * reader always learns why nothing opened. Nothing here runs a server or
 * writes to storage.
 */
import { SERVER_NAMES } from '../../../toy-servers/registry.ts';
import { decodeFragment, isShareFragment, type ShareDecoded, type ShareRefusal, type SharedExchange } from '../pure/share-link.ts';

/** The attribute that marks a widget's share bar; its value is the widget's kind. */
export const SHARE_BAR = 'data-share-bar';
/** The attribute that carries a share bar's `which`. */
export const SHARE_WHICH = 'data-share-which';

/** What a widget's bar is given: the exchange for it, a refusal to say, or nothing. */
export type SharedForBar = { kind: 'exchange'; exchange: SharedExchange } | { kind: 'refused'; reason: ShareRefusal | 'no-widget' } | { kind: 'none' };

let decoded: Promise<ShareDecoded | undefined> | undefined;

/** The page's fragment decoded, once per page load; undefined when the page was not opened with a shared exchange. */
export function pageShare(): Promise<ShareDecoded | undefined> {
  if (decoded) return decoded;
  const hash = typeof location === 'undefined' ? '' : location.hash;
  decoded = isShareFragment(hash) ? decodeFragment(hash, SERVER_NAMES) : Promise.resolve(undefined);
  return decoded;
}

/** `which` of the bar `el` of kind `widget`: the widget's `id` when it has one (its {@link SHARE_WHICH}), else its position among the page's bars of that kind. */
export function barWhich(el: Element, widget: string): string {
  return el.getAttribute(SHARE_WHICH) || String([...document.querySelectorAll(`[${SHARE_BAR}="${widget}"]`)].indexOf(el));
}

/** The bar `exchange` opens in: the bar of its kind and `which`, else the first of its kind; undefined when the page has none. */
export function targetBar(exchange: SharedExchange): Element | undefined {
  const bars = [...document.querySelectorAll(`[${SHARE_BAR}="${exchange.widget}"]`)];
  return bars.find((b) => barWhich(b, exchange.widget) === exchange.which) ?? bars[0];
}

/**
 * What the bar `el` shows of the page's fragment: the exchange when it
 * targets this bar; the refusal when this is the page's first bar and the
 * fragment was refused or targets no bar of the page; else nothing.
 */
export async function sharedForBar(el: Element): Promise<SharedForBar> {
  const got = await pageShare();
  if (!got) return { kind: 'none' };
  const first = document.querySelector(`[${SHARE_BAR}]`) === el;
  if (!got.ok) return first ? { kind: 'refused', reason: got.reason } : { kind: 'none' };
  const target = targetBar(got.exchange);
  if (target === el) return { kind: 'exchange', exchange: got.exchange };
  return !target && first ? { kind: 'refused', reason: 'no-widget' } : { kind: 'none' };
}

/**
 * Scrolls the bar the page's fragment is for into view (the first bar when it
 * was refused), so that its widget, which hydrates when visible, opens and
 * shows it. Does nothing when the page was not opened with a shared exchange.
 */
export async function revealShared(): Promise<void> {
  const got = await pageShare();
  if (!got) return;
  const bar = (got.ok ? targetBar(got.exchange) : undefined) ?? document.querySelector(`[${SHARE_BAR}]`);
  bar?.closest('.mcp-island, .fw, section')?.scrollIntoView({ block: 'start' });
}

/** The server names a shared exchange may name: every server of the registry. */
export const SHARE_SERVERS: readonly string[] = SERVER_NAMES;
