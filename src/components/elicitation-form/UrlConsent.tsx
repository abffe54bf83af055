import { t } from '../../i18n/index.ts';
import { rich } from '../ui/rich-text.tsx';

/** URL mode's consent: the full URL, its host, and the consent sentence; `valid` false (not http or https) says it will not be opened. Never opens or fetches it. */
export function UrlConsent({ url, valid }: { url: string; valid: boolean }) {
  return (
    <div class="mcp-elicit-url">
      <p>{t('elicitation.fullAddress')}</p>
      <code class="mcp-raw mcp-url">{url || t('elicitation.noUrl')}</code>
      {valid ? (
        <p>{rich('elicitation.site', { host: <strong class="mcp-url-host">{new URL(url).host}</strong> })}</p>
      ) : null}
      {valid ? (
        <p class="mcp-field-desc">{t('elicitation.consent')}</p>
      ) : (
        <p class="mcp-tone-error">{t('elicitation.notHttp')}</p>
      )}
    </div>
  );
}
