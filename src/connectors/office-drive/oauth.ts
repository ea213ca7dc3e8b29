import { expiryFrom, oauthAccessToken } from '../credentials.js';
import { ConnectorError, type AccountInfo, type OAuthClient, type OAuthProvider, type TokenSet } from '../types.js';
import { GraphClient, newHttp, PROVIDER, type OfficeDriveOptions } from './graph.js';

/** Files the user can read (own and shared), the profile, and a refresh token. */
export const SCOPES = ['offline_access', 'User.Read', 'Files.Read.All'];

interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  scope?: string;
  error?: string;
}

/** Grants that mean the user (or the app's credentials) must be authorized again. */
const REFUSED = new Set(['invalid_grant', 'invalid_client', 'unauthorized_client', 'interaction_required', 'consent_required']);

/** The Microsoft identity platform's v2.0 authorization-code flow, on `loginUrl/{tenant}`. */
export function microsoftOAuth(options: OfficeDriveOptions): OAuthProvider {
  const endpoint = (name: 'authorize' | 'token') => `${options.loginUrl.replace(/\/+$/, '')}/${encodeURIComponent(options.tenant)}/oauth2/v2.0/${name}`;

  async function tokenRequest(fields: Record<string, string>): Promise<TokenSet> {
    const answer = await newHttp(options, AbortSignal.timeout(options.http.timeoutMs)).request(endpoint('token'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(fields),
      allow: [400, 401],
    });
    let data: TokenAnswer = {};
    try {
      data = answer.json<TokenAnswer>();
    } catch {
      // Not JSON: no token, reported below.
    }
    if (answer.status !== 200 || !data.access_token) {
      const error = String(data.error ?? 'no token');
      throw new ConnectorError(REFUSED.has(error) ? 'auth_expired' : 'internal', `${PROVIDER} refused the grant (${error})`);
    }
    return { accessToken: data.access_token, refreshToken: data.refresh_token ?? null, expiresAt: expiryFrom(data.expires_in, options.now), scope: data.scope ?? null };
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
      return tokenRequest({
        client_id: client.clientId,
        client_secret: client.clientSecret,
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        scope: SCOPES.join(' '),
      });
    },

    async account(tokens: TokenSet): Promise<AccountInfo> {
      const signal = AbortSignal.timeout(options.http.timeoutMs);
      const graph = new GraphClient(options, oauthAccessToken({ tokens }, PROVIDER), signal);
      const { body } = await graph.json<{ id: string; displayName?: string | null; mail?: string | null; userPrincipalName?: string | null }>('/me');
      return { id: body.id, email: body.mail ?? body.userPrincipalName ?? null, name: body.displayName ?? null };
    },
  };
}
