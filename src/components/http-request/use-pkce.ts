/**
 * The HttpRequest widget's PKCE helper as state (../pure/pkce.ts): the length
 * the reader asks for, the S256 steps of the `code_verifier` in the values
 * table (recomputed live when it is edited, its `code_challenge` written into
 * the table when the verifier is well-formed), a fresh verifier, a fresh
 * `state`. RFC 7636, as MCP's authorization requires it:
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/authorization
 */
import { useEffect, useState } from 'preact/hooks';
import { t } from '../../i18n/index.ts';
import { generateVerifier, randomState, s256, verifierProblem, VERIFIER_MAX, VERIFIER_MIN, type S256Steps } from '../pure/pkce.ts';
import type { Words } from './response-notes.ts';
import type { ValueRow } from './use-values.ts';

/** The PKCE helper over the values table's `rows`; `setValues` writes into the table, `announce` tells a screen reader what was made. */
export function usePkce(rows: ValueRow[], setValues: (entries: Array<[string, string]>, from: Words) => void, announce: (text: string) => void) {
  const [pkceLength, setPkceLength] = useState(VERIFIER_MIN);
  const [steps, setSteps] = useState<S256Steps | { error: string } | undefined>();

  // The S256 challenge of the kept code_verifier, computed live.
  const verifier = rows.find((r) => r.name === 'code_verifier')?.value;
  useEffect(() => {
    let live = true;
    if (verifier === undefined || verifier === '') {
      setSteps(undefined);
      return;
    }
    s256(verifier).then(
      (s) => {
        if (!live) return;
        setSteps(s);
        if (!verifierProblem(verifier)) setValues([['code_challenge', s.challenge]], { key: 'httpRequest.from.pkce' });
      },
      () => live && setSteps({ error: t('httpRequest.pkceNotAscii') }),
    );
    return () => {
      live = false;
    };
  }, [verifier]);

  /** A fresh `code_verifier` of the length asked for (clamped to 43..128 characters). */
  const newVerifier = () => {
    const length = Math.min(VERIFIER_MAX, Math.max(VERIFIER_MIN, Math.round(pkceLength) || VERIFIER_MIN));
    setPkceLength(length);
    setValues([['code_verifier', generateVerifier(length)]], { key: 'httpRequest.from.pkce' });
    announce(t('httpRequest.pkceGenerated'));
  };

  /** A fresh random `state`. */
  const newState = () => {
    setValues([['state', randomState()]], { key: 'httpRequest.from.pkce' });
    announce(t('httpRequest.stateGenerated'));
  };

  const verifierIssue = verifier ? verifierProblem(verifier) : undefined;
  return { pkceLength, setPkceLength, steps, verifier, verifierIssue, newVerifier, newState };
}

/** What {@link usePkce} returns: what PkcePanel shows and does. */
export type PkceState = ReturnType<typeof usePkce>;
