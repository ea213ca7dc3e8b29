import { ConnectorError, type AccountInfo, type OAuthClient, type OAuthProvider, type TokenSet } from '../types.js';
import { gitHubClient, toConnectorError, type CodeHostOptions } from './client.js';

/** Private repositories and their webhooks (`repo`), and the user's profile and address. */
export const SCOPES = ['repo', 'read:user', 'user:email'];

interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number | string;
  scope?: string;
  error?: string;
}

/** GitHub's OAuth web flow; with a GitHub App's expiring tokens, refresh tokens rotate on every use. */
export function gitHubOAuth(options: CodeHostOptions): OAuthProvider {
  const secondsFromNow = (seconds: number | string | undefined): Date | null => {
    const n = Number(seconds);
    return seconds === undefined || !Number.isFinite(n) ? null : new Date(options.now().getTime() + n * 1000);
  };

  async function tokenRequest(fields: Record<string, string>): Promise<TokenSet> {
    const web = gitHubClient(options, null, undefined, options.webUrl);
    let data: TokenAnswer;
    try {
      ({ data } = await web.request('POST /login/oauth/access_token', { headers: { accept: 'application/json' }, ...fields }));
    } catch (err) {
      throw toConnectorError(err, options.now);
    }
    if (data.error || !data.access_token) {
      // Errors come back as 200s; the code or refresh token is spent, wrong or expired, or the client is.
      const code = data.error === 'unsupported_grant_type' ? 'internal' : 'auth_expired';
      throw new ConnectorError(code, `the code host refused the grant (${String(data.error ?? 'no token')})`);
    }
    return {
      accessToken: data.access_token,
      refreshToken: data.refresh_token ?? null,
      expiresAt: secondsFromNow(data.expires_in),
      scope: data.scope ?? null,
    };
  }

  return {
    authorizationUrl(client: OAuthClient, state: string): string {
      const url = new URL('/login/oauth/authorize', options.webUrl);
      url.search = new URLSearchParams({ client_id: client.clientId, redirect_uri: client.redirectUri, scope: SCOPES.join(' '), state }).toString();
      return url.href;
    },

    exchangeCode(client: OAuthClient, code: string): Promise<TokenSet> {
      return tokenRequest({ client_id: client.clientId, client_secret: client.clientSecret, code, redirect_uri: client.redirectUri });
    },

    refresh(client: OAuthClient, refreshToken: string): Promise<TokenSet> {
      return tokenRequest({ client_id: client.clientId, client_secret: client.clientSecret, grant_type: 'refresh_token', refresh_token: refreshToken });
    },

    async account(tokens: TokenSet): Promise<AccountInfo> {
      try {
        const { data } = await gitHubClient(options, tokens.accessToken).rest.users.getAuthenticated();
        return { id: String(data.id), email: data.email ?? null, name: data.name ?? data.login };
      } catch (err) {
        throw toConnectorError(err, options.now);
      }
    },
  };
}
