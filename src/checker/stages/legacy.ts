/**
 * Stage 8, a legacy client: an `initialize` request (2025-11-25 handshake)
 * sent to a modern server. A modern-only server answers it with an error
 * that SHOULD name the versions it supports; a dual-era server may answer it
 * with an InitializeResult instead (legacy semantics for that process), which
 * breaks no rule.
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/versioning
 */
import { LEGACY_PROTOCOL_VERSION, MODERN_PROTOCOL_VERSION } from '../../protocol/messages.ts';
import { isInitializeResult } from '../../protocol/probe.ts';
import { describeReply, errorOf, resultOf, type CheckContext, type CheckDef } from '../define.ts';
import { initializeRequest } from '../era.ts';
import { ensureDiscover } from '../explore.ts';
import { SPEC_URLS } from '../spec-urls.ts';

export const LEGACY_CHECKS: CheckDef[] = [
  /**
   * "A server that supports only modern versions **SHOULD** name the protocol versions it supports in any
   * error it returns to an `initialize` request, on any transport".
   * https://modelcontextprotocol.io/specification/2026-07-28/basic/versioning
   */
  {
    id: 'legacy.initialize',
    stage: 'legacy',
    specUrl: SPEC_URLS.versioning,
    quote: 'A server that supports only modern versions SHOULD name the protocol versions it supports in any error it returns to an initialize request, on any transport',
    level: 'should',
    async run(c: CheckContext) {
      await ensureDiscover(c);
      const versions = Array.isArray(c.state.discover?.supportedVersions) ? (c.state.discover.supportedVersions as unknown[]).filter((v): v is string => typeof v === 'string') : [];
      const s = await c.open();
      const reply = await s.request(initializeRequest(c.id()) as { id: number; method: string });
      const e = errorOf(reply);
      if (e) {
        const text = JSON.stringify(e);
        const named = (versions.length > 0 ? versions : [MODERN_PROTOCOL_VERSION]).filter((v) => v !== LEGACY_PROTOCOL_VERSION);
        if (!named.some((v) => text.includes(v))) c.fail(`the error ${String(e.code)} ${JSON.stringify(e.message)} does not name a version the server supports (${named.join(', ') || MODERN_PROTOCOL_VERSION})`);
        return;
      }
      // A result is a dual-era server taking the legacy handshake: no rule asks it to list that version in supportedVersions.
      if (!isInitializeResult(resultOf(reply))) c.fail(`initialize was answered with ${describeReply(reply)}, neither an error nor an InitializeResult`);
    },
  },
];
