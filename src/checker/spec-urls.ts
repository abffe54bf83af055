/**
 * The spec sections the checker's rules come from: revision 2026-07-28 of the
 * MCP specification on modelcontextprotocol.io. Pure data.
 */

/** Root of the 2026-07-28 specification pages. */
export const SPEC = 'https://modelcontextprotocol.io/specification/2026-07-28';

/** Where each rule is stated. */
export const SPEC_URLS = {
  stdio: `${SPEC}/basic/transports/stdio`,
  stdioCompat: `${SPEC}/basic/transports/stdio#backward-compatibility`,
  requests: `${SPEC}/basic#requests`,
  notifications: `${SPEC}/basic#notifications`,
  errorCodes: `${SPEC}/basic#error-codes`,
  meta: `${SPEC}/basic#meta`,
  statelessness: `${SPEC}/basic#statelessness`,
  versioning: `${SPEC}/basic/versioning`,
  discover: `${SPEC}/server/discover`,
  caching: `${SPEC}/server/utilities/caching`,
  tools: `${SPEC}/server/tools`,
  toolsErrors: `${SPEC}/server/tools#error-handling`,
  resources: `${SPEC}/server/resources`,
  resourcesErrors: `${SPEC}/server/resources#error-handling`,
  prompts: `${SPEC}/server/prompts`,
  mrtr: `${SPEC}/basic/patterns/mrtr`,
} as const;
