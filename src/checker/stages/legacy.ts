/**
 * Stage 8, a legacy client: an `initialize` request (2025-11-25 handshake) is
 * answered with an error that names the versions the server supports, unless
 * the server also speaks that legacy version (dual-era).
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio#backward-compatibility
 */
import { LEGACY_PROTOCOL_VERSION, MODERN_PROTOCOL_VERSION } from '../../protocol/messages.ts';
import { CHECKER_CLIENT_INFO, errorOf, resultOf, type CheckContext, type CheckDef } from '../define.ts';
import { ensureDiscover } from '../explore.ts';
import { SPEC_URLS } from '../spec-urls.ts';

export const LEGACY_CHECKS: CheckDef[] = [
  {
    id: 'legacy.initialize',
    stage: 'legacy',
    rule: 'A legacy initialize gets an error naming the supported versions',
    specUrl: SPEC_URLS.stdioCompat,
    expected: `An initialize request (version ${LEGACY_PROTOCOL_VERSION}) gets a JSON-RPC error whose message or data names the versions the server speaks (e.g. data.supported: ["${MODERN_PROTOCOL_VERSION}"]); a dual-era server may answer it instead.`,
    hint: `Answer initialize with an error such as -32022 and data: {supported: ["${MODERN_PROTOCOL_VERSION}"], requested: <the version asked for>}, so an old client can tell its user why.`,
    async run(c: CheckContext) {
      await ensureDiscover(c);
      const versions = Array.isArray(c.state.discover?.supportedVersions) ? (c.state.discover.supportedVersions as unknown[]).filter((v): v is string => typeof v === 'string') : [];
      const s = await c.open();
      const reply = await s.request({
        jsonrpc: '2.0',
        id: c.id(),
        method: 'initialize',
        params: { protocolVersion: LEGACY_PROTOCOL_VERSION, capabilities: {}, clientInfo: CHECKER_CLIENT_INFO },
      });
      const e = errorOf(reply);
      if (e) {
        const text = JSON.stringify(e);
        const named = (versions.length > 0 ? versions : [MODERN_PROTOCOL_VERSION]).filter((v) => v !== LEGACY_PROTOCOL_VERSION);
        if (!named.some((v) => text.includes(v))) c.fail(`the error ${String(e.code)} ${JSON.stringify(e.message)} does not name a version the server supports (${named.join(', ') || MODERN_PROTOCOL_VERSION})`);
        return;
      }
      const r = resultOf(reply);
      const agreed = typeof r?.protocolVersion === 'string' ? r.protocolVersion : undefined;
      if (agreed && versions.includes(agreed)) return;
      c.fail(
        `initialize was answered with an InitializeResult${agreed ? ` for ${agreed}` : ''}, ` +
          (versions.length > 0 ? `a version that server/discover does not list (${versions.join(', ')})` : 'and server/discover gave no DiscoverResult: this is a legacy server'),
      );
    },
  },
];
