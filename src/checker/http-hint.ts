/**
 * "This looks like a Streamable HTTP server": a stdio run against a program
 * that answered nothing on stdout but printed a URL (as `node
 * toy-servers/http.mjs` prints where it listens) failed at framing for a
 * reason the report alone does not say. This finds that case, so the command
 * line (and a page) can say how to check it instead: over Streamable HTTP,
 * at that URL (https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http).
 * Pure.
 */
import type { CheckReport, WireLine, WordedCheck } from './types.ts';

/** A URL a server printed: `http://` or `https://` up to whitespace or a quote; trailing punctuation left out. */
const URL_IN_TEXT = /\bhttps?:\/\/[^\s"'<>`]+/;

/** The first URL in `text`, without trailing punctuation, or `undefined`. */
function urlIn(text: string): string | undefined {
  const m = URL_IN_TEXT.exec(text);
  return m ? m[0].replace(/[.,;:!?)\]}]+$/, '') : undefined;
}

/** What {@link httpServerHint} found. */
export interface HttpServerHint {
  /** The URL the server printed (of one of its processes: a server started on port 0 prints another each time). */
  url: string;
  /** One English sentence for the failed framing checks' hint. */
  hint: string;
}

/**
 * When `report` is a stdio run whose framing failed, whose era probe got no reply at all, and whose server
 * wrote an `http://` or `https://` URL on stderr or stdout: the URL and a hint saying to run with `--url`.
 * Otherwise `undefined`.
 */
export function httpServerHint(report: CheckReport): HttpServerHint | undefined {
  if (report.transport !== 'stdio' || report.era.era !== 'unknown') return undefined;
  const framing = report.stages.find((s) => s.id === 'framing');
  if (!framing || !framing.checks.some((c) => c.status === 'fail')) return undefined;
  const wire: WireLine[] = [...report.era.wire, ...framing.checks.flatMap((c) => c.wire)];
  // A reply of any kind on stdout means it does speak stdio (badly, perhaps): then the framing failure says enough.
  const replied = wire.some((w) => w.dir === 'received' && /^\s*\{/.test(w.text) && /"(result|error)"\s*:/.test(w.text));
  if (replied) return undefined;
  for (const w of wire) {
    if (w.dir === 'sent') continue;
    const url = urlIn(w.text);
    if (url) {
      return {
        url,
        hint: `This looks like a Streamable HTTP server (it printed ${url} and answered nothing on stdout): start it on its own and run with --url <its URL>, e.g. --url ${url}.`,
      };
    }
  }
  return undefined;
}

/** `report` with the hint of {@link httpServerHint} (when it applies) as the hint of each failed framing check. A new object; `report` is left as it is. */
export function withHttpServerHint(report: CheckReport<WordedCheck>): CheckReport<WordedCheck> {
  const found = httpServerHint(report);
  if (!found) return report;
  return {
    ...report,
    stages: report.stages.map((s) => (s.id !== 'framing' ? s : { ...s, checks: s.checks.map((c) => (c.status === 'fail' ? { ...c, hint: found.hint } : c)) })),
  };
}
