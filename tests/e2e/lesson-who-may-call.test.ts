/**
 * Lesson who-may-call ("Find out who may call a server"), in Chromium with the
 * Worker engine, on both builds and both editions: every request of the
 * lesson typed into the HttpRequest widget as a reader picks it, against
 * protected-calendar.mjs and auth-server.mjs running in the page (offline):
 * the 401 and its Bearer challenge, the Protected Resource Metadata at the URL
 * the challenge gave and at the root, the authorization server metadata at the
 * two well-known paths in the spec's order, a guessed endpoint's 404, and the
 * tip's bad token and token in the URL. The wire results are compared with
 * what the course's own client helpers (src/protocol/authorization.ts) say a
 * client must do with them.
 */
import { describe } from 'vitest';
import { expect, test } from './support/fixtures.ts';
import { expectNoEnglish } from './support/i18n-text.ts';
import { lessonSites, lessonURL } from './support/lesson-sites.ts';
import { heading } from './support/lesson-widgets.ts';
import { httpRequestAt, keptValue, sendShown, sendTemplate, useTemplate } from './support/lesson-http.ts';
import { authorizationServerMetadataUrls, parseBearerChallenge, protectedResourceMetadataUrls } from '../../src/protocol/authorization.ts';

const SLUG = 'who-may-call';
const MCP = 'http://127.0.0.1:8081/mcp';
const ISSUER = 'http://127.0.0.1:9000';
/** Each edition: URL prefix, title, and the labels of the lesson's five starting requests, in order. */
const EDITIONS = [
  {
    prefix: '',
    title: 'Find out who may call a server',
    steps: ['Step 1: server/discover, no token', 'Step 2: the resource metadata', 'Step 3: the authorization server metadata', 'Step 4: the OpenID Connect path', 'Step 5: a guessed endpoint'],
  },
  {
    prefix: 'id/',
    title: 'Cari tahu siapa yang boleh memanggil sebuah server',
    steps: ['Langkah 1: server/discover tanpa token', 'Langkah 2: metadata resource', 'Langkah 3: metadata authorization server', 'Langkah 4: jalur OpenID Connect', 'Langkah 5: endpoint tebakan'],
  },
];
const RUNS = lessonSites().flatMap((site) => EDITIONS.filter((e) => e.prefix === '' || site.name === 'default').map((e) => ({ site, ...e })));

for (const { site, prefix, title, steps } of RUNS) {
  describe(`${prefix}${SLUG} (${site.name} build)`, () => {
    test('the 401, both metadata documents in the spec order, a guessed endpoint, and the tip', async ({ open, watch }) => {
      const page = await open(lessonURL(site, prefix + SLUG), { offline: true });
      expect(await heading(page)).toBe(title);
      const w = await httpRequestAt(page, 0);

      // 1. No token: 401, a Bearer challenge with resource_metadata and scope, no error code.
      const refused = await sendTemplate(w, steps[0]!);
      expect(refused.status).toBe(401);
      const challenge = parseBearerChallenge(refused.headers.get('www-authenticate'));
      expect(challenge).toMatchObject({ resourceMetadata: protectedResourceMetadataUrls(MCP)[0], scope: 'calendar.read' });
      expect(challenge?.error).toBeUndefined();
      expect(JSON.parse(refused.body)).toEqual({ error_description: 'This server needs an access token' });
      expect(await keptValue(w, 'resource_metadata')).toBe(challenge?.resourceMetadata);
      expect(await keptValue(w, 'scope')).toBe('calendar.read');

      // 2. The Protected Resource Metadata at the URL of the challenge, then at the root (the fallback order).
      const prm = await sendTemplate(w, steps[1]!);
      expect(prm.status).toBe(200);
      const metadata = JSON.parse(prm.body);
      expect(metadata).toEqual({ resource: MCP, authorization_servers: [ISSUER], scopes_supported: ['calendar.read'], bearer_methods_supported: ['header'], resource_name: 'Toy calendar (protected)' });
      await useTemplate(w, steps[1]!);
      await w.locator('[data-control="path"]').fill(protectedResourceMetadataUrls(MCP)[1]!);
      const atRoot = await sendShown(w);
      expect(atRoot.status).toBe(200);
      expect(JSON.parse(atRoot.body)).toEqual(metadata);
      expect(await keptValue(w, 'authorization_server')).toBe(ISSUER);

      // 3-4. The authorization server metadata, OAuth's path first, then OpenID Connect's: the same document,
      // its issuer the one the URL was built from, PKCE S256, iss in responses.
      const [oauthUrl, oidcUrl] = authorizationServerMetadataUrls(ISSUER);
      const as = await sendTemplate(w, steps[2]!);
      expect(as.status).toBe(200);
      const asMetadata = JSON.parse(as.body);
      expect(asMetadata.issuer).toBe(ISSUER);
      expect(new URL(oauthUrl!).pathname).toBe('/.well-known/oauth-authorization-server');
      expect(asMetadata).toMatchObject({
        authorization_endpoint: `${ISSUER}/authorize`,
        token_endpoint: `${ISSUER}/token`,
        registration_endpoint: `${ISSUER}/register`,
        code_challenge_methods_supported: ['S256'],
        client_id_metadata_document_supported: true,
        authorization_response_iss_parameter_supported: true,
      });
      expect(await keptValue(w, 'issuer')).toBe(ISSUER);
      const oidc = await sendTemplate(w, steps[3]!);
      expect(new URL(oidcUrl!).pathname).toBe('/.well-known/openid-configuration');
      expect(oidc.status).toBe(200);
      expect(JSON.parse(oidc.body)).toEqual(asMetadata);

      // 5. A guessed endpoint on the MCP server's host: 404, the calendar issues no tokens.
      const guessed = await sendTemplate(w, steps[4]!);
      expect(guessed.status).toBe(404);

      // Tip: a bad token is 401 invalid_token; a token in the URL is 400 invalid_request.
      await useTemplate(w, steps[0]!);
      const headers = w.locator('[data-control="headers"]');
      await headers.fill(`${await headers.inputValue()}\nAuthorization: Bearer not-a-real-token`);
      const bad = await sendShown(w);
      expect(bad.status).toBe(401);
      expect(parseBearerChallenge(bad.headers.get('www-authenticate'))).toMatchObject({ error: 'invalid_token', errorDescription: 'The token is not a JWT' });
      await useTemplate(w, steps[0]!);
      await w.locator('[data-control="path"]').fill('/mcp?access_token=x');
      const inUrl = await sendShown(w);
      expect(inUrl.status).toBe(400);
      expect(parseBearerChallenge(inUrl.headers.get('www-authenticate'))?.error).toBe('invalid_request');

      expect(watch.blocked).toEqual([]);
      if (prefix === 'id/') await expectNoEnglish(page);
    });
  });
}
