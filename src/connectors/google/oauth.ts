import { oauthAccessToken } from '../credentials.js';
import { readTokenAnswer } from '../oauth-token.js';
import { codeExchangeForm, refreshForm } from '../oauth-forms.js';
import { challengeParams } from '../pkce.js';
import { ConnectorError, type AccountInfo, type GrantContext, type OAuthClient, type OAuthProvider, type SyncCredentials, type TokenSet } from '../types.js';
import { GoogleClient, googleHttp, toConnectorError } from './http.js';
import type { GoogleOptions } from './options.js';

/** Who the account is (the connection's email), for every Google kind. */
export const IDENTITY_SCOPES = ['openid', 'email', 'profile'];

export function accessToken(credentials: SyncCredentials): string {
  return oauthAccessToken(credentials, 'Google');
}

/**
 * Google's OAuth 2.0 web-server flow with offline access. Google does not rotate refresh tokens:
 * a refresh answers without one, and the one given keeps working until it is revoked or expires.
 */
export function googleOAuth(options: GoogleOptions, apiScopes: string[]): OAuthProvider {
  const scopes = [...IDENTITY_SCOPES, ...apiScopes];

  async function tokenRequest(fields: Record<string, string>, previousRefreshToken: string | null): Promise<TokenSet> {
    const signal = AbortSignal.timeout(options.timeoutMs);
    const answer = await googleHttp(options, signal)
      .request(options.endpoints.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams(fields),
        allow: [400, 401],
      })
      .catch((err: unknown) => {
        throw toConnectorError(err, signal);
      });
    // invalid_grant: the code or refresh token is spent, wrong, expired or revoked; invalid_client: the keys are.
    return readTokenAnswer({ status: answer.status, body: answer.bytes }, { provider: 'Google', now: options.now, previousRefreshToken });
  }

  return {
    authorizationUrl(client: OAuthClient, state: string, grant?: GrantContext): string {
      const url = new URL(options.endpoints.authUrl);
      url.search = new URLSearchParams({
        client_id: client.clientId,
        redirect_uri: client.redirectUri,
        response_type: 'code',
        scope: scopes.join(' '),
        // A refresh token is only given with offline access, and again only when consent is asked again.
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'true',
        state,
        ...challengeParams(grant?.codeVerifier),
      }).toString();
      return url.href;
    },

    exchangeCode(client: OAuthClient, code: string, grant?: GrantContext): Promise<TokenSet> {
      return tokenRequest(codeExchangeForm(client, code, grant), null);
    },

    refresh(client: OAuthClient, refreshToken: string): Promise<TokenSet> {
      return tokenRequest(refreshForm(client, refreshToken), refreshToken);
    },

    async account(tokens: TokenSet): Promise<AccountInfo> {
      const signal = AbortSignal.timeout(options.timeoutMs);
      const info = await new GoogleClient(options, tokens.accessToken, signal)
        .json<{ sub?: string; email?: string; name?: string }>({ url: options.endpoints.userinfoUrl })
        .catch((err: unknown) => {
          throw toConnectorError(err, signal);
        });
      if (!info?.sub) throw new ConnectorError('internal', "Google's user info named no account");
      return { id: info.sub, email: info.email ?? null, name: info.name ?? null };
    },
  };
}
