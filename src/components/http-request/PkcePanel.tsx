import type { JSX } from 'preact';
import { t } from '../../i18n/index.ts';
import { hexBytes, VERIFIER_MAX, VERIFIER_MIN } from '../pure/pkce.ts';
import type { PkceState } from './use-pkce.ts';

/**
 * The PKCE helper: the verifier's length, buttons for a fresh verifier and a
 * fresh `state`, and the verifier's S256 steps (ASCII bytes, SHA-256 digest,
 * `code_challenge`), every byte shown. `open` when the lesson's templates use
 * the verifier or the challenge.
 */
export function PkcePanel(p: { uid: string; open: boolean; pkce: PkceState }): JSX.Element {
  const { verifier, verifierIssue, steps } = p.pkce;
  return (
    <details class="mcp-http-pkce" open={p.open}>
      <summary data-action="pkce">{t('httpRequest.pkce')}</summary>
      <p class="mcp-help">{t('httpRequest.pkceHelp')}</p>
      <div class="mcp-toolbar">
        <span class="mcp-http-field mcp-http-inline">
          <label for={`${p.uid}-pkce-length`}>{t('httpRequest.pkceLength')}</label>
          <input
            id={`${p.uid}-pkce-length`}
            type="number"
            min={VERIFIER_MIN}
            max={VERIFIER_MAX}
            value={String(p.pkce.pkceLength)}
            onInput={(e) => p.pkce.setPkceLength(Number((e.currentTarget as HTMLInputElement).value))}
          />
        </span>
        <button type="button" class="mcp-btn" data-action="new-verifier" onClick={p.pkce.newVerifier}>
          {t('httpRequest.pkceGenerate')}
        </button>
        <button type="button" class="mcp-btn" data-action="new-state" onClick={p.pkce.newState}>
          {t('httpRequest.pkceState')}
        </button>
      </div>
      {verifier ? (
        <dl class="mcp-http-pkce-steps">
          <dt>{t('httpRequest.pkceVerifier')}</dt>
          <dd>
            <code class="mcp-raw" data-pkce="verifier">
              {verifier}
            </code>
            {verifierIssue ? (
              <p class="mcp-tone-error" data-pkce="problem">
                {t('httpRequest.problem.verifier', {
                  why:
                    verifierIssue.kind === 'length'
                      ? t('httpRequest.pkceBadLength', { length: verifierIssue.length })
                      : t('httpRequest.pkceBadChar', { index: verifierIssue.index + 1, char: verifierIssue.char }),
                })}
              </p>
            ) : null}
          </dd>
          {steps && 'error' in steps ? (
            <dd class="mcp-tone-error">{steps.error}</dd>
          ) : steps && steps.verifier === verifier ? (
            ([
              ['ascii', t('httpRequest.pkceAscii', { n: steps.ascii.length }), hexBytes(steps.ascii)],
              ['digest', t('httpRequest.pkceDigest'), hexBytes(steps.digest)],
              ['challenge', t('httpRequest.pkceChallenge'), steps.challenge],
            ] as const).map(([step, term, bytes]) => [
              <dt key={`${step}-t`}>{term}</dt>,
              <dd key={`${step}-d`}>
                <code class="mcp-raw" data-pkce={step}>
                  {bytes}
                </code>
              </dd>,
            ])
          ) : null}
        </dl>
      ) : (
        <p class="mcp-empty">{t('httpRequest.pkceNone')}</p>
      )}
    </details>
  );
}
