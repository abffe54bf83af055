/**
 * Where each thing a transcript shows is defined in the MCP specification,
 * revision 2026-07-28, on modelcontextprotocol.io. Pure data; no DOM.
 *
 * Sources, under https://modelcontextprotocol.io/specification/2026-07-28: the error-code table in
 * `/basic/index#error-codes`; resource-not-found as -32602 in `/server/resources`
 * (Error Handling); HTTP header checks in `/basic/transports/streamable-http`;
 * stdio framing in `/basic/transports/stdio`; multi round-trip requests in
 * `/basic/patterns/mrtr`; version negotiation in `/basic/versioning`.
 */

import { t, type StringKey } from '../../i18n/index.ts';

/** Root of the 2026-07-28 specification pages. */
export const SPEC_ROOT = 'https://modelcontextprotocol.io/specification/2026-07-28';

/** A link to one section of the spec: `href` absolute, `section` a short human title in the language in force (read when shown). */
export interface SpecLink {
  readonly href: string;
  readonly section: string;
}

/** A {@link SpecLink} whose title is looked up (src/i18n) each time it is read, so one constant serves every language. */
function link(href: string, key: StringKey): SpecLink {
  return {
    href,
    get section() {
      return t(key);
    },
  };
}

const ERROR_TABLE: SpecLink = link(`${SPEC_ROOT}/basic#error-codes`, 'meaning.section.errorCodes');

const BY_CODE: Readonly<Record<number, SpecLink>> = {
  [-32700]: ERROR_TABLE,
  [-32600]: ERROR_TABLE,
  [-32601]: ERROR_TABLE,
  [-32602]: ERROR_TABLE,
  [-32603]: ERROR_TABLE,
  [-32020]: link(`${SPEC_ROOT}/basic/transports/streamable-http`, 'meaning.section.headers'),
  [-32021]: link(`${SPEC_ROOT}/basic#error-codes`, 'meaning.section.capability'),
  [-32022]: link(`${SPEC_ROOT}/basic/versioning`, 'meaning.section.versioning'),
  [-32002]: link(`${SPEC_ROOT}/server/resources#error-handling`, 'meaning.section.resourceErrors'),
};

/**
 * The spec section that defines a JSON-RPC error code. Codes the spec does not
 * define (application errors, the legacy -32000..-32019 range) link to the
 * error-code table, which states the allocation rules.
 * @param code the integer `error.code` as received.
 */
export function specLinkForError(code: number): SpecLink {
  return BY_CODE[code] ?? ERROR_TABLE;
}

/** The stdio transport page: one message per line, nothing else on stdout. */
export const STDIO_FRAMING_LINK: SpecLink = link(`${SPEC_ROOT}/basic/transports/stdio`, 'meaning.section.stdio');

/** Multi round-trip requests: `input_required`, `inputResponses`, `requestState`. */
export const MRTR_LINK: SpecLink = link(`${SPEC_ROOT}/basic/patterns/mrtr`, 'meaning.section.mrtr');

/** Elicitation: form and URL mode, the flat schema subset. */
export const ELICITATION_LINK: SpecLink = link(`${SPEC_ROOT}/client/elicitation`, 'meaning.section.elicitation');

/** Streamable HTTP transport. */
export const HTTP_LINK: SpecLink = link(`${SPEC_ROOT}/basic/transports/streamable-http`, 'meaning.section.http');
