/**
 * One request the HttpRequest widget sent and what came of it, and the
 * widget's limits: how long a handler may take, how much of a body is read,
 * how many responses stay on screen, how many events of a stream are drawn.
 */
import type { Explained } from './explain.ts';

/** How long a handler may take to answer, and a body to arrive, in ms. */
export const DEADLINE_MS = 10_000;
/** The most of a body the widget reads, in bytes (a flood is cut there). */
export const BODY_CAP = 256 * 1024;
/** Responses kept on screen; older ones are dropped. */
export const KEEP_EXCHANGES = 20;
/** Events of one stream rendered one by one (the raw body still has them all). */
export const SHOWN_EVENTS = 200;

/** One request sent and what came of it: the request as the server received it, then the response (or why there is none). */
export interface Exchange {
  n: number;
  server: string;
  method: string;
  path: string;
  requestText: string;
  substituted: string[];
  dropped: string[];
  added: string[];
  failure?: string;
  status?: number;
  statusLine?: string;
  headers?: Array<[string, string]>;
  body?: string;
  bytes?: number;
  capped?: boolean;
  bodyTimeout?: boolean;
  bodyError?: string;
  explained?: Explained;
}
