/**
 * The HttpRequest widget's typed request as state: the draft (method, path,
 * headers, body, server), the problems that stopped the last send (cleared as
 * soon as the reader changes the draft), and the note beside it (restored,
 * a form written into it).
 */
import { useState } from 'preact/hooks';
import type { RequestDraft, RequestProblem } from './request-text.ts';

/** The typed request, starting from `initialDraft`, with its problems and note. */
export function useRequestDraft(initialDraft: RequestDraft) {
  const [draft, setDraft] = useState<RequestDraft>(initialDraft);
  const [problems, setProblems] = useState<RequestProblem[]>([]);
  const [note, setNote] = useState('');

  /** Changes part of the draft; the problems of the last send no longer apply. */
  const update = (patch: Partial<RequestDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setProblems([]);
  };

  return { draft, setDraft, update, problems, setProblems, note, setNote };
}
