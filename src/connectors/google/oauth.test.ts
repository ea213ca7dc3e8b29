import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGoogle } from '../../../test/fakes/google/index.js';
import { connectorFailure, followAuthorization, googleConnector, oauthClientOf } from '../../../test/helpers/connectors.js';
import type { Connector, SyncPage, TokenSet } from '../types.js';

let google: FakeGoogle;
let drive: Connector;
let mail: Connector;
const client = oauthClientOf('cloud-drive', '1234-fake.apps.googleusercontent.com', 'GOCSPX-fake');

beforeAll(async () => {
  google = await FakeGoogle.start();
  google.oauth.registerApp({ ...client, redirectUris: [client.redirectUri] });
  drive = googleConnector(google, 'cloud-drive');
  mail = googleConnector(google, 'mail');
});
afterAll(() => google.close());

const consent = (connector: Connector, state: string) => followAuthorization(connector.oauth!, client, state);

describe('Google OAuth (cloud drive and mail)', () => {
  let tokens: TokenSet;

  it('asks each kind for offline access with its own scope, and passes the state through', async () => {
    const link = new URL(drive.oauth!.authorizationUrl(client, 'opaque.state'));
    expect(`${link.origin}${link.pathname}`).toBe(google.endpoints.authUrl);
    expect(Object.fromEntries(link.searchParams)).toMatchObject({
      client_id: client.clientId,
      redirect_uri: client.redirectUri,
      response_type: 'code',
      access_type: 'offline',
      prompt: 'consent',
      state: 'opaque.state',
      scope: 'openid email profile https://www.googleapis.com/auth/drive.readonly',
    });
    expect(new URL(mail.oauth!.authorizationUrl(client, 's')).searchParams.get('scope')).toBe(
      'openid email profile https://www.googleapis.com/auth/gmail.readonly',
    );
    expect((await consent(drive, 'opaque.state')).get('state')).toBe('opaque.state');
  });

  it('exchanges the code for tokens that expire, and reads the account', async () => {
    const back = await consent(drive, 's');
    const before = google.clock.nowMs();
    tokens = await drive.oauth!.exchangeCode(client, back.get('code')!);
    expect(tokens).toMatchObject({ accessToken: expect.stringMatching(/^ya29\./), refreshToken: expect.stringMatching(/^1\/\//) });
    expect(tokens.scope).toContain('drive.readonly');
    expect(Math.abs(tokens.expiresAt!.getTime() - before - 3_599_000)).toBeLessThan(2_000);
    expect(await drive.oauth!.account(tokens)).toEqual({ id: google.oauth.account.sub, email: 'ada@example.com', name: 'Ada Lovelace' });
  });

  it('refuses a code used twice, and wrong client keys, as auth_expired', async () => {
    const back = await consent(mail, 's');
    await mail.oauth!.exchangeCode(client, back.get('code')!);
    expect((await connectorFailure(mail.oauth!.exchangeCode(client, back.get('code')!))).code).toBe('auth_expired');
    const again = await consent(mail, 's');
    const err = await connectorFailure(mail.oauth!.exchangeCode({ ...client, clientSecret: 'wrong' }, again.get('code')!));
    expect(err.code).toBe('auth_expired');
    expect(err.message).toMatch(/invalid_client/);
  });

  it('an expired access token ends a sync as auth_expired; a refresh brings it back and keeps the refresh token', async () => {
    google.clock.advance(3_600);
    const credentials = { tokens };
    const sync = async () => {
      const pages: SyncPage[] = [];
      for await (const page of drive.sync({
        credentials,
        config: {},
        cursor: null,
        maxItems: null,
        signal: new AbortController().signal,
        now: () => google.clock.now(),
      }))
        pages.push(page);
      return pages;
    };
    expect((await connectorFailure(sync())).code).toBe('auth_expired');

    const refreshed = await drive.oauth!.refresh(client, tokens.refreshToken!);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    // Google does not rotate refresh tokens: the answer has none, and the one given stays.
    expect(refreshed.refreshToken).toBe(tokens.refreshToken);
    expect(refreshed.expiresAt!.getTime()).toBeGreaterThan(google.clock.nowMs());
    tokens = refreshed;
    credentials.tokens = refreshed;
    expect(await sync()).not.toHaveLength(0);
  });

  it('stores a rotated refresh token when the provider hands out a new one', async () => {
    google.oauth.rotateRefreshTokens = true;
    try {
      const rotated = await drive.oauth!.refresh(client, tokens.refreshToken!);
      expect(rotated.refreshToken).not.toBe(tokens.refreshToken);
      expect((await connectorFailure(drive.oauth!.refresh(client, tokens.refreshToken!))).code).toBe('auth_expired');
      tokens = rotated;
    } finally {
      google.oauth.rotateRefreshTokens = false;
    }
  });

  it('a revoked refresh token is auth_expired (the user must authorize again)', async () => {
    google.oauth.revokeRefreshToken(tokens.refreshToken!);
    const err = await connectorFailure(drive.oauth!.refresh(client, tokens.refreshToken!));
    expect(err.code).toBe('auth_expired');
    expect(err.message).toMatch(/invalid_grant/);
  });
});
