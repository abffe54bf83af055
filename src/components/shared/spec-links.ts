/**
 * Where each thing a transcript shows is defined in the MCP specification,
 * revision 2026-07-28, on modelcontextprotocol.io. Pure data; no DOM.
 *
 * Sources (spec digest, shared/spec/spec-2026-07-28.md): the error-code table
 * is in `basic/index.mdx` §Error Codes (§3 of the digest); resource-not-found
 * as -32602 in `server/resources.mdx` §Error Handling; HTTP header checks in
 * `basic/transports/streamable-http.mdx`; stdio framing in
 * `basic/transports/stdio.mdx` (§7); multi round-trip requests in
 * `basic/patterns/mrtr.mdx` (§6); version negotiation in `basic/versioning.mdx` (§4).
 */

/** Root of the 2026-07-28 specification pages. */
export const SPEC_ROOT = 'https://modelcontextprotocol.io/specification/2026-07-28';

/** A link to one section of the spec: `href` absolute, `section` a short human title. */
export interface SpecLink {
  href: string;
  section: string;
}

const ERROR_TABLE: SpecLink = { href: `${SPEC_ROOT}/basic#error-codes`, section: 'Basic protocol › Error codes' };

const BY_CODE: Readonly<Record<number, SpecLink>> = {
  [-32700]: ERROR_TABLE,
  [-32600]: ERROR_TABLE,
  [-32601]: ERROR_TABLE,
  [-32602]: ERROR_TABLE,
  [-32603]: ERROR_TABLE,
  [-32020]: { href: `${SPEC_ROOT}/basic/transports/streamable-http`, section: 'Streamable HTTP › headers (HeaderMismatch)' },
  [-32021]: { href: `${SPEC_ROOT}/basic#error-codes`, section: 'Basic protocol › Error codes (MissingRequiredClientCapability)' },
  [-32022]: { href: `${SPEC_ROOT}/basic/versioning`, section: 'Versioning › UnsupportedProtocolVersion' },
  [-32002]: { href: `${SPEC_ROOT}/server/resources#error-handling`, section: 'Resources › Error handling (-32002 is retired)' },
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

/** The stdio transport page: one message per line, nothing else on stdout (spec digest §7). */
export const STDIO_FRAMING_LINK: SpecLink = { href: `${SPEC_ROOT}/basic/transports/stdio`, section: 'Transports › stdio' };

/** Multi round-trip requests: `input_required`, `inputResponses`, `requestState` (spec digest §6). */
export const MRTR_LINK: SpecLink = { href: `${SPEC_ROOT}/basic/patterns/mrtr`, section: 'Patterns › Multi round-trip requests' };

/** Elicitation: form and URL mode, the flat schema subset (spec digest §6). */
export const ELICITATION_LINK: SpecLink = { href: `${SPEC_ROOT}/client/elicitation`, section: 'Client › Elicitation' };

/** Streamable HTTP transport (spec digest §7). */
export const HTTP_LINK: SpecLink = { href: `${SPEC_ROOT}/basic/transports/streamable-http`, section: 'Transports › Streamable HTTP' };
