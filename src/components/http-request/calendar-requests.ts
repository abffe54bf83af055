/**
 * Starting requests for http.mjs (the calendar over Streamable HTTP) as an
 * HttpRequest widget offers them: a `server/discover` POST with every header
 * the transport requires
 * (https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http),
 * a `tools/call` answered by an event stream, a GET the endpoint refuses,
 * and two that use `{{variables}}` (a token request with the PKCE
 * `code_verifier`, an MCP request with the `access_token`). The lab pages
 * use them; a lesson may too.
 */
import { t, type Lang } from '../../i18n/index.ts';
import { RequestBuilder } from '../../protocol/index.ts';
import type { HttpRequestTemplate } from './HttpRequest.tsx';

const builder = new RequestBuilder({});

/** The header lines of a POST of `method` to http.mjs, then `extra` lines (an `Mcp-Name`, an `Authorization`). */
function mcpLines(method: string, extra: string[] = []): string {
  return ['Content-Type: application/json', 'Accept: application/json, text/event-stream', 'MCP-Protocol-Version: 2026-07-28', `Mcp-Method: ${method}`, ...extra].join('\n');
}

/** The starting requests, labelled in `lang`. */
export function calendarRequests(lang: Lang): HttpRequestTemplate[] {
  const discover = JSON.stringify(builder.request('server/discover', {}, { id: 1 }), null, 2);
  const call = JSON.stringify(
    builder.request('tools/call', { name: 'create_event', arguments: { title: 'Dentist', startsAt: '2026-09-10T08:30:00Z' } }, { id: 2 }),
    null,
    2,
  );
  return [
    { label: t('httpRequest.tpl.discover', {}, lang), method: 'POST', path: '/mcp', headers: mcpLines('server/discover'), body: discover },
    { label: t('httpRequest.tpl.call', {}, lang), method: 'POST', path: '/mcp', headers: mcpLines('tools/call', ['Mcp-Name: create_event']), body: call },
    { label: t('httpRequest.tpl.get', {}, lang), method: 'GET', path: '/mcp', headers: 'Accept: text/event-stream' },
    {
      label: t('httpRequest.tpl.token', {}, lang),
      method: 'POST',
      path: '/token',
      headers: 'Content-Type: application/x-www-form-urlencoded',
      body: 'grant_type=authorization_code&client_id={{client_id}}&code_verifier={{code_verifier}}',
    },
    { label: t('httpRequest.tpl.bearer', {}, lang), method: 'POST', path: '/mcp', headers: mcpLines('server/discover', ['Authorization: Bearer {{access_token}}']), body: discover },
  ];
}
