/**
 * The HttpRequest widget's typed request and values, kept per page across
 * reloads (page/kept-text.ts, under `mcp-by-hand:http-request:<path>:<n>`,
 * `n` the widget's place among the page's HttpRequest widgets): restored once
 * hydrated, saved as they change. What was kept and no longer reads as a
 * request or a values table is ignored.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { RefObject } from 'preact';
import { t } from '../../i18n/index.ts';
import { loadKeptText, saveKeptText } from '../page/kept-text.ts';
import type { RequestDraft } from './request-text.ts';
import type { ValueRow } from './use-values.ts';

function parseKept<T>(text: string | undefined, check: (v: unknown) => v is T): T | undefined {
  if (text === undefined) return undefined;
  try {
    const v: unknown = JSON.parse(text);
    return check(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

const isDraft = (v: unknown): v is RequestDraft =>
  typeof v === 'object' && v !== null && ['method', 'path', 'headers', 'body', 'target'].every((k) => typeof (v as Record<string, unknown>)[k] === 'string');
const isRows = (v: unknown): v is ValueRow[] =>
  Array.isArray(v) && v.every((r) => r && typeof r.name === 'string' && typeof r.value === 'string' && r.from && typeof r.from.key === 'string');

/** The state kept, its setters, and what it started from (a text equal to its start is not kept). */
export interface KeptRequest {
  draft: RequestDraft;
  setDraft: (draft: RequestDraft) => void;
  initialDraft: RequestDraft;
  rows: ValueRow[];
  setRows: (rows: ValueRow[]) => void;
  initialRows: ValueRow[];
  /** Hears the note to show when a kept draft was restored. */
  setNote: (note: string) => void;
}

/** Restores the kept request and values once hydrated and keeps them as they change; true once restored (the widget's `data-ready`). */
export function useKeptRequest(section: RefObject<HTMLElement>, k: KeptRequest): boolean {
  const [ready, setReady] = useState(false);
  const keys = useRef<{ draft: string; values: string } | undefined>();
  useEffect(() => {
    const el = section.current;
    const index = el ? [...document.querySelectorAll('section.mcp-http-request')].indexOf(el) : 0;
    const base = `mcp-by-hand:http-request:${location.pathname}:${index}`;
    keys.current = { draft: `${base}:draft`, values: `${base}:values` };
    const kept = parseKept(loadKeptText(keys.current.draft), isDraft);
    if (kept && JSON.stringify(kept) !== JSON.stringify(k.initialDraft)) {
      k.setDraft(kept);
      k.setNote(t('httpRequest.draftRestored'));
    }
    const keptRows = parseKept(loadKeptText(keys.current.values), isRows);
    if (keptRows) k.setRows(keptRows);
    setReady(true);
  }, []);
  useEffect(() => {
    if (ready && keys.current) saveKeptText(keys.current.draft, JSON.stringify(k.draft), JSON.stringify(k.initialDraft));
  }, [k.draft, ready]);
  useEffect(() => {
    if (ready && keys.current) saveKeptText(keys.current.values, JSON.stringify(k.rows), JSON.stringify(k.initialRows));
  }, [k.rows, ready]);
  return ready;
}
