/**
 * Stage 3, `server/discover`: a valid DiscoverResult (versions, capabilities,
 * caching hints) and the server's identity in `_meta`.
 * https://modelcontextprotocol.io/specification/2026-07-28/server/discover
 */
import { META_SERVER_INFO, MODERN_PROTOCOL_VERSION } from '../../protocol/messages.ts';
import { expectNoProblems, expectResult, type CheckContext, type CheckDef } from '../define.ts';
import { rememberDiscover } from '../explore.ts';
import { discoverResultProblems, implementationProblems, isObject } from '../shapes.ts';
import { SPEC_URLS } from '../spec-urls.ts';

export const DISCOVER_CHECKS: CheckDef[] = [
  /**
   * "Servers **MUST** implement it." (server/discover), and its result is a DiscoverResult, cacheable:
   * "Servers MUST include caching hints on results with `resultType: "complete"`" returned by it. A legacy
   * server fails here, once, with what the era probe found.
   * https://modelcontextprotocol.io/specification/2026-07-28/server/discover
   * https://modelcontextprotocol.io/specification/2026-07-28/server/utilities/caching
   */
  {
    id: 'discover.result',
    stage: 'discover',
    specUrl: SPEC_URLS.discover,
    quote: 'server/discover lets a client query a server\'s supported protocol versions, capabilities, and identity before sending any other requests. Servers MUST implement it.',
    level: 'must',
    eras: ['modern', 'legacy'],
    async run(c: CheckContext) {
      if (c.state.era === 'legacy') {
        c.fail(`this is a legacy server (${c.state.eraDetail ?? 'it answered initialize, not server/discover'}); revision ${MODERN_PROTOCOL_VERSION} requires server/discover and per-request _meta`);
      }
      const s = await c.open();
      const reply = await s.request(c.request('server/discover'));
      rememberDiscover(c, reply);
      const r = expectResult(c, reply, 'server/discover');
      const problems = discoverResultProblems(r);
      if (Array.isArray(r.supportedVersions) && !r.supportedVersions.includes(MODERN_PROTOCOL_VERSION)) {
        problems.push(`result.supportedVersions does not include "${MODERN_PROTOCOL_VERSION}"`);
      }
      expectNoProblems(c, problems, 'the DiscoverResult');
    },
  },
  /**
   * "Servers **SHOULD** include the following `io.modelcontextprotocol/*` field in every result's `_meta`
   * [...] `io.modelcontextprotocol/serverInfo`": a SHOULD, so its absence is a warning.
   * https://modelcontextprotocol.io/specification/2026-07-28/basic#meta
   */
  {
    id: 'discover.server-info',
    stage: 'discover',
    specUrl: SPEC_URLS.meta,
    quote: "Servers SHOULD include the following io.modelcontextprotocol/* field in every result's _meta, unless specifically configured not to do so, to identify themselves without relying on any prior connection state: io.modelcontextprotocol/serverInfo",
    level: 'should',
    async run(c: CheckContext) {
      const s = await c.open();
      const r = expectResult(c, await s.request(c.request('server/discover')), 'server/discover');
      const meta = isObject(r._meta) ? r._meta : {};
      const problems = implementationProblems(meta[META_SERVER_INFO], `result._meta["${META_SERVER_INFO}"]`);
      if (problems.length > 0 && 'serverInfo' in r) problems.push('a top-level serverInfo was sent instead (an early draft had it; the final spec puts it in _meta)');
      expectNoProblems(c, problems, 'the identity');
    },
  },
];
