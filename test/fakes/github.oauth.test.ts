import { createHash } from 'node:crypto';
import { deleteAuthorization, deleteToken, exchangeWebFlowCode, refreshToken } from '@octokit/oauth-methods';
import { Octokit } from '@octokit/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGitHub, TOKENS_PER_USER_APP_SCOPE } from './github/index.js';

let github: FakeGitHub;
const callback = 'http://127.0.0.1:9/v3/connections/auth/callback/github';

beforeAll(async () => {
  github = await FakeGitHub.start();
  github.oauth.registerApp({ clientId: 'app-short', clientSecret: 's3cret', callbackUrl: callback, accessTokenLifetimeSeconds: 60 });
  github.oauth.registerApp({ clientId: 'app-classic', clientSecret: 'classic', callbackUrl: callback, expiringTokens: false });
});
afterAll(() => github.close());

/** Runs the authorize step as a browser would and returns the redirect's query. */
async function authorize(query: Record<string, string>): Promise<URLSearchParams> {
  const response = await fetch(`${github.webUrl}/login/oauth/authorize?${new URLSearchParams(query)}`, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location')!);
  expect(`${location.origin}${location.pathname}`).toBe(callback);
  return location.searchParams;
}

async function postToken(fields: Record<string, string>, accept = 'application/json'): Promise<Response> {
  return fetch(`${github.webUrl}/login/oauth/access_token`, {
    method: 'POST',
    headers: { accept, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
}

const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const octokitFor = (token: string) => new Octokit({ baseUrl: github.apiUrl, auth: token, log: quiet });

describe('fake GitHub OAuth web flow', () => {
  it('redirects back with a code and the state, and exchanges the code for expiring tokens', async () => {
    const back = await authorize({ client_id: 'app-short', redirect_uri: callback, state: 'st-1', scope: 'repo read:user' });
    expect(back.get('state')).toBe('st-1');
    expect(github.oauth.authorizeRequests.at(-1)?.get('scope')).toBe('repo read:user');

    const response = await postToken({ client_id: 'app-short', client_secret: 's3cret', code: back.get('code')!, redirect_uri: callback });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({
      access_token: expect.stringMatching(/^ghu_/),
      token_type: 'bearer',
      scope: 'repo,read:user',
      expires_in: 60,
      refresh_token: expect.stringMatching(/^ghr_/),
      refresh_token_expires_in: 15_897_600,
    });
    const { data: user } = await octokitFor(body.access_token).rest.users.getAuthenticated();
    expect(user.login).toBe('octocat');
  });

  it('answers form-encoded without Accept: application/json, and gives classic apps non-expiring tokens', async () => {
    const back = await authorize({ client_id: 'app-classic', state: 'x' });
    const response = await postToken({ client_id: 'app-classic', client_secret: 'classic', code: back.get('code')! }, '*/*');
    expect(response.headers.get('content-type')).toMatch(/^application\/x-www-form-urlencoded/);
    const body = new URLSearchParams(await response.text());
    expect(body.get('access_token')).toMatch(/^gho_/);
    expect(body.has('refresh_token')).toBe(false);
  });

  it('reports errors as 200s with error, error_description and error_uri', async () => {
    const back = await authorize({ client_id: 'app-short', state: 's' });
    const wrongSecret = await (await postToken({ client_id: 'app-short', client_secret: 'nope', code: back.get('code')! })).json();
    expect(wrongSecret.error).toBe('incorrect_client_credentials');

    const first = await postToken({ client_id: 'app-short', client_secret: 's3cret', code: back.get('code')! });
    expect((await first.json()).access_token).toBeDefined();
    const reused = await postToken({ client_id: 'app-short', client_secret: 's3cret', code: back.get('code')! });
    expect(reused.status).toBe(200);
    expect(await reused.json()).toEqual({
      error: 'bad_verification_code',
      error_description: 'The code passed is incorrect or expired.',
      error_uri: expect.stringContaining('#bad-verification-code'),
    });
  });

  it('holds a code authorized with a PKCE challenge to its verifier (S256)', async () => {
    const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const exchange = async (fields: Record<string, string>) => {
      const back = await authorize({ client_id: 'app-short', state: 'p', code_challenge: challenge, code_challenge_method: 'S256' });
      return (await postToken({ client_id: 'app-short', client_secret: 's3cret', code: back.get('code')!, ...fields })).json();
    };
    expect((await exchange({})).error).toBe('bad_verification_code');
    expect((await exchange({ code_verifier: `${verifier.slice(0, -1)}A` })).error).toBe('bad_verification_code');
    expect((await exchange({ code_verifier: verifier })).access_token).toMatch(/^ghu_/);
    const malformed = await authorize({ client_id: 'app-short', state: 'q', code_challenge: 'short', code_challenge_method: 'S256' });
    expect(malformed.get('error')).toBe('invalid_request');
  });

  it('expires codes after ten minutes', async () => {
    const back = await authorize({ client_id: 'app-short', state: 's' });
    github.clock.advance(601);
    const body = await (await postToken({ client_id: 'app-short', client_secret: 's3cret', code: back.get('code')! })).json();
    expect(body.error).toBe('bad_verification_code');
  });

  it('refuses a redirect_uri off the registered callback, and reports a denial', async () => {
    const mismatch = await authorize({ client_id: 'app-short', redirect_uri: 'http://127.0.0.1:9/elsewhere', state: 'm' });
    expect(mismatch.get('error')).toBe('redirect_uri_mismatch');
    expect(mismatch.get('state')).toBe('m');

    github.oauth.denyNextAuthorization = true;
    const denied = await authorize({ client_id: 'app-short', state: 'd' });
    expect(denied.get('error')).toBe('access_denied');
    expect(denied.has('code')).toBe(false);
  });

  it('expires access tokens on the fake clock and rotates refresh tokens (via @octokit/oauth-methods)', async () => {
    const back = await authorize({ client_id: 'app-short', state: 'r' });
    // The OAuth host is the API base without /api/v3, as for GitHub Enterprise Server.
    const api = new Octokit({ baseUrl: github.apiUrl, log: quiet }).request;
    const exchanged = await exchangeWebFlowCode({
      clientType: 'github-app',
      clientId: 'app-short',
      clientSecret: 's3cret',
      code: back.get('code')!,
      request: api,
    });
    const { authentication } = exchanged;
    if (!('refreshToken' in authentication)) throw new Error('expected an expiring token with a refresh token');
    expect(Date.parse(authentication.expiresAt) - Date.parse(exchanged.headers.date!)).toBe(60_000);

    github.clock.advance(61);
    const expired = await octokitFor(authentication.token)
      .rest.users.getAuthenticated()
      .catch((e) => e);
    expect(expired.status).toBe(401);
    expect(expired.response.data).toEqual({ message: 'Bad credentials', documentation_url: expect.any(String), status: '401' });

    const refreshed = await refreshToken({
      clientType: 'github-app',
      clientId: 'app-short',
      clientSecret: 's3cret',
      refreshToken: authentication.refreshToken,
      request: api,
    });
    expect(refreshed.authentication.refreshToken).not.toBe(authentication.refreshToken);
    const { data } = await octokitFor(refreshed.authentication.token).rest.users.getAuthenticated();
    expect(data.login).toBe('octocat');

    // Using a refresh token also retires the access token issued with it, expired or not.
    const second = await refreshToken({
      clientType: 'github-app',
      clientId: 'app-short',
      clientSecret: 's3cret',
      refreshToken: refreshed.authentication.refreshToken,
      request: api,
    });
    const retired = await octokitFor(refreshed.authentication.token)
      .rest.users.getAuthenticated()
      .catch((e) => e);
    expect(retired.status).toBe(401);
    expect((await octokitFor(second.authentication.token).rest.users.getAuthenticated()).status).toBe(200);

    const again = await (
      await postToken({ client_id: 'app-short', client_secret: 's3cret', grant_type: 'refresh_token', refresh_token: authentication.refreshToken })
    ).json();
    expect(again.error).toBe('bad_refresh_token');
  });

  it('revokes the oldest token, and its refresh token, once an eleventh is issued for the same user, app and scope', async () => {
    const issue = async (scope: string) => {
      const back = await authorize({ client_id: 'app-short', redirect_uri: callback, state: 's', scope });
      return (await postToken({ client_id: 'app-short', client_secret: 's3cret', code: back.get('code')!, redirect_uri: callback })).json();
    };
    const other = await issue('read:user');
    const first = await issue('repo');
    const rest = [];
    for (let i = 1; i < TOKENS_PER_USER_APP_SCOPE; i++) rest.push(await issue('repo'));
    expect((await octokitFor(first.access_token).rest.users.getAuthenticated()).status).toBe(200);

    await issue('repo');
    const revoked = await octokitFor(first.access_token)
      .rest.users.getAuthenticated()
      .catch((e) => e);
    expect(revoked.status).toBe(401);
    expect(revoked.response.data.message).toBe('Bad credentials');
    const refused = await (
      await postToken({ client_id: 'app-short', client_secret: 's3cret', grant_type: 'refresh_token', refresh_token: first.refresh_token })
    ).json();
    expect(refused.error).toBe('bad_refresh_token');
    // The others of the scope, and the token of another scope, still work.
    for (const token of [rest[0].access_token, other.access_token]) expect((await octokitFor(token).rest.users.getAuthenticated()).status).toBe(200);
  });

  it('deletes an app token or the whole grant (via @octokit/oauth-methods, HTTP Basic as the app)', async () => {
    const api = new Octokit({ baseUrl: github.apiUrl, log: quiet }).request;
    const app = { clientType: 'oauth-app' as const, clientId: 'app-classic', clientSecret: 'classic', request: api };
    const first = github.oauth.issueToken(github.user, { clientId: 'app-classic' });
    const second = github.oauth.issueToken(github.user, { clientId: 'app-classic' });
    const mona = github.oauth.issueToken(github.state.addUser('mona-grant'), { clientId: 'app-classic' });
    const failure = (promise: Promise<unknown>) =>
      promise.then(
        () => 'resolved',
        (e) => e.status,
      );

    expect(await failure(deleteToken({ ...app, clientSecret: 'wrong', token: first }))).toBe(404);
    expect((await deleteToken({ ...app, token: first })).status).toBe(204);
    expect(await failure(octokitFor(first).rest.users.getAuthenticated())).toBe(401);
    expect((await octokitFor(second).rest.users.getAuthenticated()).status).toBe(200);
    expect(await failure(deleteToken({ ...app, token: first }))).toBe(404);

    expect((await deleteAuthorization({ ...app, token: second })).status).toBe(204);
    expect(await failure(octokitFor(second).rest.users.getAuthenticated())).toBe(401);
    // Another user's grant of the same app stays.
    expect((await octokitFor(mona).rest.users.getAuthenticated()).status).toBe(200);
    expect(github.oauth.revocations.slice(-2).map((r) => [r.what, r.user])).toEqual([
      ['token', 'octocat'],
      ['grant', 'octocat'],
    ]);
  });
});
