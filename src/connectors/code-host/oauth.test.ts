import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGitHub } from '../../../test/fakes/github/index.js';
import { codeHostConnector, connectorFailure, followAuthorization, oauthClientOf } from '../../../test/helpers/connectors.js';
import type { Connector, OAuthProvider, TokenSet } from '../types.js';

let github: FakeGitHub;
let connector: Connector;
let oauth: OAuthProvider;
const client = oauthClientOf('code-host', 'Iv1.engram', 'engram-secret');

beforeAll(async () => {
  github = await FakeGitHub.start();
  github.oauth.registerApp({ clientId: client.clientId, clientSecret: client.clientSecret, callbackUrl: client.redirectUri, accessTokenLifetimeSeconds: 3600 });
  connector = codeHostConnector(github, { now: () => github.clock.now() });
  oauth = connector.oauth!;
});
afterAll(() => github.close());

const authorize = (state: string) => followAuthorization(oauth, client, state);

describe('code-host OAuth', () => {
  let tokens: TokenSet;

  it('builds the authorization link on the web base, with the state passed through untouched', async () => {
    const link = new URL(oauth.authorizationUrl(client, 'opaque.state-1'));
    expect(`${link.origin}${link.pathname}`).toBe(`${github.webUrl}/login/oauth/authorize`);
    expect(Object.fromEntries(link.searchParams)).toEqual({
      client_id: client.clientId,
      redirect_uri: client.redirectUri,
      scope: 'repo read:user user:email',
      state: 'opaque.state-1',
    });

    const back = await authorize('opaque.state-1');
    expect(back.get('state')).toBe('opaque.state-1');
    expect(github.oauth.authorizeRequests.at(-1)?.get('scope')).toBe('repo read:user user:email');
  });

  it('exchanges the code for expiring tokens and reads the account', async () => {
    const back = await authorize('s');
    const before = github.clock.nowMs();
    tokens = await oauth.exchangeCode(client, back.get('code')!);
    expect(tokens).toMatchObject({
      accessToken: expect.stringMatching(/^ghu_/),
      refreshToken: expect.stringMatching(/^ghr_/),
      scope: 'repo,read:user,user:email',
    });
    expect(tokens.expiresAt!.getTime() - before).toBeGreaterThanOrEqual(3_600_000 - 1_000);
    expect(tokens.expiresAt!.getTime() - before).toBeLessThanOrEqual(3_600_000 + 1_000);

    expect(await oauth.account(tokens)).toEqual({ id: String(github.user.id), email: 'octocat@example.com', name: 'The Octocat' });
  });

  it('refuses a code used twice as auth_expired', async () => {
    const back = await authorize('s');
    await oauth.exchangeCode(client, back.get('code')!);
    const err = await connectorFailure(oauth.exchangeCode(client, back.get('code')!));
    expect(err.code).toBe('auth_expired');
    expect(err.message).toMatch(/bad_verification_code/);
  });

  it('refuses wrong client credentials', async () => {
    const back = await authorize('s');
    const err = await connectorFailure(oauth.exchangeCode({ ...client, clientSecret: 'nope' }, back.get('code')!));
    expect(err.code).toBe('auth_expired');
  });

  it('refreshes an expired token; the refresh token rotates and the old one stops working', async () => {
    github.clock.advance(3_601);
    const expired = await connectorFailure(oauth.account(tokens));
    expect(expired.code).toBe('auth_expired');

    const refreshed = await oauth.refresh(client, tokens.refreshToken!);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).not.toBe(tokens.refreshToken);
    expect(refreshed.expiresAt!.getTime()).toBeGreaterThan(github.clock.nowMs());
    expect((await oauth.account(refreshed)).id).toBe(String(github.user.id));

    const reused = await connectorFailure(oauth.refresh(client, tokens.refreshToken!));
    expect(reused.code).toBe('auth_expired');
    expect(reused.message).toMatch(/bad_refresh_token/);
  });

  it('keeps a classic app token without expiry or refresh token', async () => {
    const classic = { ...client, clientId: 'classic-app', clientSecret: 'classic-secret' };
    github.oauth.registerApp({ clientId: classic.clientId, clientSecret: classic.clientSecret, callbackUrl: client.redirectUri, expiringTokens: false });
    const response = await fetch(oauth.authorizationUrl(classic, 'c'), { redirect: 'manual' });
    const code = new URL(response.headers.get('location')!).searchParams.get('code')!;
    expect(await oauth.exchangeCode(classic, code)).toMatchObject({ accessToken: expect.stringMatching(/^gho_/), refreshToken: null, expiresAt: null });
  });
});
