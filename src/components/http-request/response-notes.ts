/**
 * The shapes of what the HttpRequest widget says about one response (see
 * ./explain.ts): a sentence as an i18n key and its values, the notes and their
 * fields, how the body is shown, the response as read, and `said`, which puts
 * a sentence in the reader's language.
 */
import { t, type StringKey } from '../../i18n/index.ts';
import type { SseFrame } from '../console/http-exchange.ts';
import type { DecodedJwt } from './oauth-parts.ts';
import type { HtmlForm } from './html-forms.ts';

/** A sentence of the widget: an i18n key and its values. */
export interface Words {
  key: StringKey;
  vars?: Record<string, string | number>;
}

/** One listed item of a note: a name, its value as received, and what it means. */
export interface NoteField {
  name: string;
  value: string;
  meaning?: Words;
  /** Extra lines about this field (a state or iss comparison). */
  checks?: Array<Words & { tone: Tone }>;
}

/** How a note or a check reads: good news, a warning, an error, or plain information. */
export type Tone = 'ok' | 'warn' | 'error' | 'info';

/** One explained thing of a response. */
export interface Note {
  words: Words;
  tone: Tone;
  fields?: NoteField[];
  /** Decoded JWT parts to show (never verified). */
  jwt?: DecodedJwt;
  /** Times of the JWT payload (`exp`, `iat`, `nbf`), as ISO 8601 text. */
  jwtTimes?: string;
  /** The browser's own (English) words behind the note, shown behind a disclosure (a `JSON.parse` message). */
  detail?: string;
}

/** How the body is shown. */
export type BodyView =
  | { kind: 'empty' }
  | { kind: 'json'; value: unknown }
  | { kind: 'sse'; frames: Array<SseFrame & { json?: unknown }> }
  | { kind: 'html'; forms: HtmlForm[] }
  | { kind: 'text' };

/** A response as the widget read it. */
export interface ResponseFacts {
  status: number;
  /** As the Response has them: lower-case names, in its order. */
  headers: ReadonlyArray<readonly [string, string]>;
  /** The body decoded as UTF-8 (as far as it was read). */
  body: string;
  /** The request's URL (a relative Location resolves against it). */
  url: string;
}

/** What a response explains and hands over. */
export interface Explained {
  view: BodyView;
  notes: Note[];
  /** Values for the values table, by name. */
  captures: Array<[string, string]>;
}


/** The value of the response header `name` (lower-case), if it has one. */
export const header = (facts: ResponseFacts, name: string): string | undefined => facts.headers.find(([k]) => k === name)?.[1];

/** `w` in the reader's language. */
export function said(w: Words): string {
  return t(w.key, w.vars ?? {});
}
