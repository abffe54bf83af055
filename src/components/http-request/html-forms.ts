/**
 * The forms of an HTML page, read from its source without rendering it: a
 * consent page arrives as HTML, and the HttpRequest widget shows it as text
 * and lists what its forms would send, so the reader can answer it with a
 * request typed by hand. Pure (no DOM parser: a small tag reader that is
 * enough for the server-written pages of the course); never throws.
 *
 * What a browser would send is the form's named `input`, `select`,
 * `textarea` values plus the name and value of the one submit button
 * pressed, form-urlencoded (HTML, "constructing the entry list",
 * https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#constructing-the-form-data-set).
 *
 * ```ts
 * const [form] = htmlForms('<form method="post" action="/authorize"><input type="hidden" name="consent" value="c1"><button name="decision" value="allow">Allow</button></form>');
 * formDraft(form, form.submits[0], 'http://127.0.0.1:9000/authorize?x=1');
 * // { method: 'POST', path: '/authorize', headers: 'Content-Type: application/x-www-form-urlencoded', body: 'consent=c1&decision=allow' }
 * ```
 */

/** One named field of a form, with the value it would send. */
export interface FormField {
  name: string;
  value: string;
  /** `hidden`, `text`, `select`, `textarea`, ... */
  type: string;
}

/** A submit button: its name and value are sent only when it is the one pressed. */
export interface FormSubmit {
  name?: string;
  value?: string;
  /** What the button says (its text, or an `input`'s value). */
  label: string;
}

/** One `<form>` of a page. */
export interface HtmlForm {
  /** `GET` or `POST` (HTML's default is GET). */
  method: string;
  /** The `action` attribute as written; empty means the page's own URL. */
  action: string;
  /** `application/x-www-form-urlencoded` unless the form says otherwise. */
  enctype: string;
  fields: FormField[];
  submits: FormSubmit[];
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** `text` with HTML character references (`&amp;`, `&#39;`, `&#x27;`) decoded; unknown names left as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/** The attributes of a start tag's inside (`type="hidden" name=x checked`), names lower-cased, values decoded. */
function attributes(inside: string): Map<string, string> {
  const attrs = new Map<string, string>();
  const re = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const m of inside.matchAll(re)) {
    const name = m[1]!.toLowerCase();
    if (!attrs.has(name)) attrs.set(name, decodeEntities(m[2] ?? m[3] ?? m[4] ?? ''));
  }
  return attrs;
}

/** The text of an element's inside, tags removed, entities decoded, spaces collapsed. */
function textOf(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim();
}

/**
 * Every `<form>` of `html`, in order, with its named fields and its submit
 * buttons. Inputs of type submit/image/reset/button become buttons or are
 * left out as a browser does (an unchecked checkbox or radio sends nothing);
 * a `select` sends its selected option (else its first).
 */
export function htmlForms(html: string): HtmlForm[] {
  const forms: HtmlForm[] = [];
  const source = html.replace(/<!--[\s\S]*?-->/g, '');
  for (const m of source.matchAll(/<form\b([^>]*)>([\s\S]*?)(?:<\/form\s*>|$)/gi)) {
    const attrs = attributes(m[1]!);
    const method = (attrs.get('method') ?? 'get').toUpperCase() === 'POST' ? 'POST' : 'GET';
    const form: HtmlForm = {
      method,
      action: attrs.get('action') ?? '',
      enctype: attrs.get('enctype') || 'application/x-www-form-urlencoded',
      fields: [],
      submits: [],
    };
    const inner = m[2]!;
    const re = /<(input|button|select|textarea)\b([^>]*)>(?:([\s\S]*?)<\/\1\s*>)?/gi;
    for (const el of inner.matchAll(re)) {
      const tag = el[1]!.toLowerCase();
      const a = attributes(el[2]!);
      if (a.has('disabled')) continue;
      const name = a.get('name');
      if (tag === 'button') {
        const type = (a.get('type') ?? 'submit').toLowerCase();
        if (type !== 'submit') continue;
        form.submits.push({ ...(name ? { name, value: a.get('value') ?? '' } : {}), label: textOf(el[3] ?? '') || (a.get('value') ?? '') });
        continue;
      }
      if (tag === 'input') {
        const type = (a.get('type') ?? 'text').toLowerCase();
        if (type === 'submit' || type === 'image') {
          form.submits.push({ ...(name ? { name, value: a.get('value') ?? '' } : {}), label: a.get('value') ?? a.get('alt') ?? type });
          continue;
        }
        if (type === 'reset' || type === 'button' || type === 'file' || !name) continue;
        if ((type === 'checkbox' || type === 'radio') && !a.has('checked')) continue;
        form.fields.push({ name, value: a.get('value') ?? (type === 'checkbox' || type === 'radio' ? 'on' : ''), type });
        continue;
      }
      if (!name) continue;
      if (tag === 'textarea') {
        form.fields.push({ name, value: decodeEntities(el[3] ?? '').replace(/^\r?\n/, ''), type: 'textarea' });
        continue;
      }
      const options = [...(el[3] ?? '').matchAll(/<option\b([^>]*)>([^<]*)/gi)].map((o) => ({ a: attributes(o[1]!), text: textOf(o[2]!) }));
      const chosen = options.find((o) => o.a.has('selected')) ?? options[0];
      if (chosen) form.fields.push({ name, value: chosen.a.get('value') ?? chosen.text, type: 'select' });
    }
    forms.push(form);
  }
  return forms;
}

/** What the widget's editor holds for one request: method, path, headers, body. */
export interface FormRequestText {
  method: string;
  /** The action resolved against the page's URL: a `/path?query` when on the same origin, else the absolute URL. */
  path: string;
  headers: string;
  body: string;
}

/**
 * The request a browser would send when the reader presses `submit` of
 * `form` on the page at `pageUrl`: a POST with the fields form-urlencoded in
 * its body, or a GET with them in the query.
 */
export function formDraft(form: HtmlForm, submit: FormSubmit | undefined, pageUrl: string): FormRequestText {
  const entries = new URLSearchParams();
  for (const f of form.fields) entries.append(f.name, f.value);
  if (submit?.name) entries.append(submit.name, submit.value ?? '');
  let target: URL;
  try {
    target = new URL(form.action || pageUrl, pageUrl);
  } catch {
    target = new URL(pageUrl);
  }
  target.hash = '';
  const sameOrigin = target.origin === new URL(pageUrl).origin;
  if (form.method === 'GET') {
    target.search = entries.toString();
    return { method: 'GET', path: sameOrigin ? `${target.pathname}${target.search}` : target.href, headers: '', body: '' };
  }
  return {
    method: 'POST',
    path: sameOrigin ? `${target.pathname}${target.search}` : target.href,
    headers: 'Content-Type: application/x-www-form-urlencoded',
    body: entries.toString(),
  };
}
