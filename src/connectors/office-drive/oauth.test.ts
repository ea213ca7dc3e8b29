import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGraph } from '../../../test/fakes/graph/index.js';
import { connectorFailure, followAuthorization, oauthClientOf, officeDriveConnector } from '../../../test/helpers/connectors.js';
import type { OAuthProvider, TokenSet } from '../types.js';

let graph: FakeGraph;
let oauth: OAuthProvider;
const client = oauthClientOf('office-drive', 'c0ffee00-0000-4000-8000-000000000001', 'engram~secret');

beforeAll(async () => {
  graph = await FakeGraph.start();
  graph.identity.registerApp({ ...client, redirectUris: [client.redirectUri], accessTokenLifetimeSeconds: 3600 });
  oauth = officeDriveConnector(graph, 'organizations').oauth!;
});
afterAll(() => graph.close());

const authorize = (state: string) => followAuthorization(oauth, client, state);

describe('office-drive OAuth (Microsoft identity platform v2.0)', () => {
  let tokens: TokenSet;

  it('builds the authorization link on the login base and tenant, with the state untouched', async () => {
    const link = new URL(oauth.authorizationUrl(client, 'opaque.state'));
    expect(`${link.origin}${link.pathname}`).toBe(`${graph.loginUrl}/organizations/oauth2/v2.0/authorize`);
    expect(Object.fromEntries(link.searchParams)).toEqual({
      client_id: client.clientId,
      response_type: 'code',
      redirect_uri: client.redirectUri,
      response_mode: 'query',
      scope: 'offline_access User.Read Files.ReadWrite.All',
      state: 'opaque.state',
    });
    expect((await authorize('opaque.state')).get('state')).toBe('opaque.state');
  });

  it('asks to write files only for push (Files.ReadWrite where the tenant admits personal accounts only), else to read the own drive', () => {
    const scope = (o: OAuthProvider, config: Record<string, unknown>) => new URL(o.authorizationUrl(client, 's', { config })).searchParams.get('scope');
    expect(scope(oauth, { push: true })).toBe('offline_access User.Read Files.ReadWrite.All');
    expect(scope(oauth, { push: false })).toBe('offline_access User.Read Files.Read');
    const consumers = officeDriveConnector(graph, 'consumers').oauth!;
    expect(scope(consumers, {})).toBe('offline_access User.Read Files.ReadWrite');
    expect(scope(consumers, { push: false })).toBe('offline_access User.Read Files.Read');
  });

  it('exchanges the code for tokens and reads the account', async () => {
    const before = graph.clock.nowMs();
    tokens = await oauth.exchangeCode(client, (await authorize('s')).get('code')!);
    expect(tokens).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String), scope: 'User.Read Files.ReadWrite.All' });
    expect(Math.abs(tokens.expiresAt!.getTime() - before - 3_600_000)).toBeLessThan(2_000);
    expect(await oauth.account(tokens)).toEqual({ id: graph.user.id, email: 'megan@contoso.example', name: 'Megan Bowen' });
  });

  it('refuses a code used twice, and wrong client credentials, as auth_expired', async () => {
    const code = (await authorize('s')).get('code')!;
    await oauth.exchangeCode(client, code);
    const reused = await connectorFailure(oauth.exchangeCode(client, code));
    expect(reused).toMatchObject({ code: 'auth_expired', message: expect.stringContaining('invalid_grant') });
    const wrongSecret = await connectorFailure(oauth.exchangeCode({ ...client, clientSecret: 'nope' }, (await authorize('s')).get('code')!));
    expect(wrongSecret).toMatchObject({ code: 'auth_expired', message: expect.stringContaining('invalid_client') });
  });

  it('refreshes an expired token and hands back the new refresh token to keep', async () => {
    graph.clock.advance(3_601);
    expect((await connectorFailure(oauth.account(tokens))).code).toBe('auth_expired');
    // The refresh asks for what the grant was given, though push is off by now: Microsoft refuses more.
    const refreshed = await oauth.refresh(client, tokens.refreshToken!, { config: { push: false }, scope: tokens.scope });
    expect(refreshed.scope).toBe('User.Read Files.ReadWrite.All');
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).not.toBe(tokens.refreshToken);
    expect(refreshed.expiresAt!.getTime()).toBeGreaterThan(graph.clock.nowMs());
    expect((await oauth.account(refreshed)).id).toBe(graph.user.id);
  });

  it('gives auth_expired when the refresh token is no longer accepted', async () => {
    graph.identity.revokeRefreshTokens();
    const err = await connectorFailure(oauth.refresh(client, tokens.refreshToken!));
    expect(err.code).toBe('auth_expired');
    expect(err.message).not.toContain(tokens.refreshToken!);
  });
});
