/**
 * The official client, `@modelcontextprotocol/client` 2.4.0, with its own
 * OAuth support against auth-server.mjs and protected-calendar.mjs as real
 * processes. The SDK does the discovery (401 -> Protected Resource Metadata
 * -> authorization server metadata), picks the Client ID Metadata Document
 * (its `clientMetadataUrl`, since the metadata says
 * `client_id_metadata_document_supported`), builds the PKCE S256
 * authorization URL with `resource`, and after the scripted consent checks
 * `iss` and trades the code; the test plays the reader (GET the consent page,
 * POST Allow) and hands the redirect's query to `finishAuth`. Then it calls a
 * read tool, and the write tool through the SDK's own step-up on 403.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Client, StreamableHTTPClientTransport, UnauthorizedError,
  type OAuthClientProvider, type OAuthDiscoveryState, type StoredOAuthClientInformation, type StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startHttpServer, type RunningHttpServer } from '../servers/http-harness.ts';
import { AUTH_ENV, CLIENT_DOCUMENTS, CLIENT_ID, REDIRECT_URI } from '../servers/authorization-script.ts';

const scratch = mkdtempSync(join(tmpdir(), 'sdk-oauth-'));
const servers: RunningHttpServer[] = [];
let mcp: string;
let issuer: string;

beforeAll(async () => {
  const { TOY_SEED: _seed, ...env } = AUTH_ENV;
  issuer = `http://127.0.0.1:${await freePort()}`;
  const calendar = await startHttpServer('protected-calendar', { cwd: scratch, env: { ...env, TOY_AUTH_SERVER: issuer } });
  servers.push(calendar);
  mcp = `${calendar.url}/mcp`;
  servers.push(await startHttpServer('auth-server', {
    cwd: scratch,
    port: Number(new URL(issuer).port),
    env: { ...env, TOY_AUTH_RESOURCES: mcp, TOY_CLIENT_DOCUMENTS: JSON.stringify(CLIENT_DOCUMENTS) },
  }));
});

afterAll(() => {
  for (const s of servers) s.child.kill();
  rmSync(scratch, { recursive: true, force: true });
});

/** An OAuthClientProvider that keeps everything in memory and records where it was sent. */
class ScriptedProvider implements OAuthClientProvider {
  readonly clientMetadataUrl = CLIENT_ID;
  authorizationUrls: URL[] = [];
  #client: StoredOAuthClientInformation | undefined;
  #tokens: StoredOAuthTokens | undefined;
  #verifier = '';
  #discovery: OAuthDiscoveryState | undefined;
  get redirectUrl() {
    return REDIRECT_URI;
  }
  get clientMetadata() {
    return { client_name: 'MCP by Hand test client', redirect_uris: [REDIRECT_URI], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' };
  }
  state() {
    return `sdk-state-${this.authorizationUrls.length}`;
  }
  clientInformation() {
    return this.#client;
  }
  saveClientInformation(info: StoredOAuthClientInformation) {
    this.#client = info;
  }
  tokens() {
    return this.#tokens;
  }
  saveTokens(tokens: StoredOAuthTokens) {
    this.#tokens = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrls.push(url);
  }
  saveCodeVerifier(verifier: string) {
    this.#verifier = verifier;
  }
  codeVerifier() {
    return this.#verifier;
  }
  discoveryState() {
    return this.#discovery;
  }
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.#discovery = state;
  }
}

/** The reader at the consent page: GET it, POST Allow, and return the redirect's query (code, state, iss). */
async function consent(url: URL): Promise<URLSearchParams> {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const html = await page.text();
  const id = /name="consent" value="([^"]+)"/.exec(html)?.[1];
  expect(id).toBeDefined();
  const answer = await fetch(new URL('/authorize', url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ consent: id!, decision: 'allow' }),
    redirect: 'manual',
  });
  expect(answer.status).toBe(303);
  return new URL(answer.headers.get('location')!).searchParams;
}

describe('official SDK client 2.4.0 with OAuth against the toy authorization server and protected calendar', () => {
  it('discovers, uses the Client ID Metadata Document with PKCE S256 and resource, and calls tools after consent (and step-up)', async () => {
    const provider = new ScriptedProvider();
    const connect = async () => {
      const client = new Client({ name: 'toy-oauth-peer', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
      await client.connect(new StreamableHTTPClientTransport(new URL(mcp), { authProvider: provider }));
      return client;
    };

    // 1. Without a token the SDK is sent to the authorization endpoint.
    const transport = new StreamableHTTPClientTransport(new URL(mcp), { authProvider: provider });
    const first = new Client({ name: 'toy-oauth-peer', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
    await expect(first.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.authorizationUrls).toHaveLength(1);
    const asked = provider.authorizationUrls[0]!;
    expect(`${asked.origin}${asked.pathname}`).toBe(`${issuer}/authorize`);
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      response_type: 'code', client_id: CLIENT_ID, redirect_uri: REDIRECT_URI, code_challenge_method: 'S256', resource: mcp, scope: 'calendar.read', state: 'sdk-state-0',
    });

    // 2. The reader allows; the SDK checks iss against the metadata and trades the code.
    const query = await consent(asked);
    expect(query.get('iss')).toBe(issuer);
    await transport.finishAuth(query);
    expect(provider.tokens()?.scope).toBe('calendar.read');

    // 3. A read with the token.
    const client = await connect();
    try {
      const read: any = await client.readResource({ uri: 'calendar://week' });
      expect(JSON.parse(read.contents[0].text).map((e: { title: string }) => e.title)).toContain('Standup');

      // 4. The write tool: 403 insufficient_scope; the SDK steps up (a new authorization for the union of scopes).
      const write = client.callTool({ name: 'create_event', arguments: { title: 'Dentist', startsAt: '2026-09-10T08:30:00Z' } });
      const outcome = await write.then(() => 'called', (e: unknown) => e);
      expect(provider.authorizationUrls.length).toBe(2);
      const stepUp = provider.authorizationUrls[1]!;
      expect(stepUp.searchParams.get('scope')?.split(' ').sort()).toEqual(['calendar.read', 'calendar.write']);
      expect(outcome).toBeInstanceOf(UnauthorizedError);
    } finally {
      await client.close();
    }
    const again = new StreamableHTTPClientTransport(new URL(mcp), { authProvider: provider });
    await again.finishAuth(await consent(provider.authorizationUrls[1]!));
    expect(provider.tokens()?.scope).toBe('calendar.read calendar.write');
    const writer = await connect();
    try {
      const created: any = await writer.callTool({ name: 'create_event', arguments: { title: 'Dentist', startsAt: '2026-09-10T08:30:00Z' } });
      expect(created.structuredContent).toEqual({ id: 'e3', title: 'Dentist', startsAt: '2026-09-10T08:30:00Z' });
    } finally {
      await writer.close();
    }
  });
});
