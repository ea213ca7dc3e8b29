import { oauthAccessToken } from '../credentials.js';
import { readTokenAnswer } from '../oauth-token.js';
import type { AccountInfo, OAuthClient, OAuthProvider, TokenSet } from '../types.js';
import { GraphClient, newHttp, PROVIDER, type OfficeDriveOptions } from './graph.js';

/** Files the user can read (own and shared), the profile, and a refresh token. */
export const SCOPES = ['offline_access', 'User.Read', 'Files.Read.All'];

/** The Microsoft identity platform's v2.0 authorization-code flow, on `loginUrl/{tenant}`. */
export function microsoftOAuth(options: OfficeDriveOptions): OAuthProvider {
  const endpoint = (name: 'authorize' | 'token') => `${options.loginUrl.replace(/\/+$/, '')}/${encodeURIComponent(options.tenant)}/oauth2/v2.0/${name}`;

  async function tokenRequest(fields: Record<string, string>, previousRefreshToken: string | null = null): Promise<TokenSet> {
    const answer = await newHttp(options, AbortSignal.timeout(options.http.timeoutMs)).request(endpoint('token'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(fields),
      allow: [400, 401],
    });
    return readTokenAnswer({ status: answer.status, body: answer.bytes }, { provider: PROVIDER, now: options.now, previousRefreshToken });
  }

  return {
    authorizationUrl(client: OAuthClient, state: string): string {
      const url = new URL(endpoint('authorize'));
      url.search = new URLSearchParams({
        client_id: client.clientId,
        response_type: 'code',
        redirect_uri: client.redirectUri,
        response_mode: 'query',
        scope: SCOPES.join(' '),
        state,
      }).toString();
      return url.href;
    },

    exchangeCode(client: OAuthClient, code: string): Promise<TokenSet> {
      return tokenRequest({
        client_id: client.clientId,
        client_secret: client.clientSecret,
        grant_type: 'authorization_code',
        code,
        redirect_uri: client.redirectUri,
        scope: SCOPES.join(' '),
      });
    },

    /** Microsoft issues a new refresh token with each refresh: store it in place of the old one. */
    refresh(client: OAuthClient, refreshToken: string): Promise<TokenSet> {
      return tokenRequest(
        {
          client_id: client.clientId,
          client_secret: client.clientSecret,
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
          scope: SCOPES.join(' '),
        },
        refreshToken,
      );
    },

    async account(tokens: TokenSet): Promise<AccountInfo> {
      const signal = AbortSignal.timeout(options.http.timeoutMs);
      const graph = new GraphClient(options, oauthAccessToken({ tokens }, PROVIDER), signal);
      const { body } = await graph.json<{ id: string; displayName?: string | null; mail?: string | null; userPrincipalName?: string | null }>('/me');
      return { id: body.id, email: body.mail ?? body.userPrincipalName ?? null, name: body.displayName ?? null };
    },
  };
}
