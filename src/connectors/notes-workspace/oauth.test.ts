import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeNotion, OWNER, WORKSPACE } from '../../../test/fakes/notion/index.js';
import { connectorFailure, followAuthorization, notesConnector, oauthClientOf } from '../../../test/helpers/connectors.js';
import type { OAuthProvider, TokenSet } from '../types.js';

let notion: FakeNotion;
let oauth: OAuthProvider;
const client = oauthClientOf('notes-workspace', 'engram-notion-client', 'secret_engram');

beforeAll(async () => {
  notion = await FakeNotion.start();
  notion.oauth.register({ ...client, redirectUris: [client.redirectUri] });
  oauth = notesConnector(notion).oauth!;
});
afterAll(() => notion.close());

const authorize = (state: string) => followAuthorization(oauth, client, state);

describe('notes-workspace OAuth (Notion)', () => {
  let tokens: TokenSet;

  it('sends the user to the API host to pick pages, with the state untouched', async () => {
    const link = new URL(oauth.authorizationUrl(client, 'st.1'));
    expect(`${link.origin}${link.pathname}`).toBe(`${notion.apiUrl}/v1/oauth/authorize`);
    expect(Object.fromEntries(link.searchParams)).toEqual({
      client_id: client.clientId,
      response_type: 'code',
      owner: 'user',
      redirect_uri: client.redirectUri,
      state: 'st.1',
    });
    expect((await authorize('st.1')).get('state')).toBe('st.1');
  });

  it('exchanges the code with Basic client credentials and names the account', async () => {
    tokens = await oauth.exchangeCode(client, (await authorize('s')).get('code')!);
    expect(tokens).toMatchObject({
      accessToken: expect.stringMatching(/^ntn_/),
      refreshToken: expect.stringMatching(/^nrt_/),
      expiresAt: null,
      workspaceId: WORKSPACE.id,
    });
    expect(notion.requests.find((r) => r.route === 'POST /v1/oauth/token')!.headers.authorization).toMatch(/^Basic /);
    // The workspace id from the token answer is what Notion's webhook events name the account by.
    expect(await oauth.account(tokens)).toEqual({ id: OWNER.id, email: OWNER.email, name: WORKSPACE.name, deliveryKey: WORKSPACE.id });
  });

  it('refuses a spent code and wrong client credentials as auth_expired', async () => {
    const code = (await authorize('s')).get('code')!;
    await oauth.exchangeCode(client, code);
    expect(await connectorFailure(oauth.exchangeCode(client, code))).toMatchObject({ code: 'auth_expired', message: expect.stringContaining('invalid_grant') });
    const wrong = await connectorFailure(oauth.exchangeCode({ ...client, clientSecret: 'nope' }, (await authorize('s')).get('code')!));
    expect(wrong).toMatchObject({ code: 'auth_expired', message: expect.stringContaining('invalid_client') });
  });

  it('refreshes: a new pair, the used refresh token and its access token stop working', async () => {
    const refreshed = await oauth.refresh(client, tokens.refreshToken!);
    expect(refreshed.refreshToken).not.toBe(tokens.refreshToken);
    expect((await oauth.account(refreshed)).id).toBe(OWNER.id);
    expect((await connectorFailure(oauth.account(tokens))).code).toBe('auth_expired');
    expect((await connectorFailure(oauth.refresh(client, tokens.refreshToken!))).code).toBe('auth_expired');
  });
});
