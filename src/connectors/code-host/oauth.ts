import { readTokenAnswer } from '../oauth-token.js';
import { codeExchangeForm, refreshForm } from '../oauth-forms.js';
import { challengeParams } from '../pkce.js';
import type { AccountInfo, GrantContext, OAuthClient, OAuthProvider, TokenSet } from '../types.js';
import { gitHubClient, toConnectorError, type CodeHostOptions } from './client.js';

/** Private repositories and their webhooks (`repo`), and the user's profile and address. */
export const SCOPES = ['repo', 'read:user', 'user:email'];

/** GitHub's OAuth web flow; with a GitHub App's expiring tokens, refresh tokens rotate on every use. */
export function gitHubOAuth(options: CodeHostOptions): OAuthProvider {
  async function tokenRequest(fields: Record<string, string>, previousRefreshToken: string | null = null): Promise<TokenSet> {
    const web = gitHubClient(options, null, undefined, options.webUrl);
    let answer: { status: number; data: unknown };
    try {
      answer = await web.request('POST /login/oauth/access_token', { headers: { accept: 'application/json' }, ...fields });
    } catch (err) {
      throw toConnectorError(err, options.now);
    }
    // Errors come back as 200s: the code or refresh token is spent, wrong or expired, or the client is.
    return readTokenAnswer({ status: answer.status, body: answer.data }, { provider: 'the code host', now: options.now, previousRefreshToken });
  }

  return {
    // GitHub revokes the oldest token past ten per user, app and scope: an eleventh connection of
    // one account would otherwise break the first.
    oneGrantPerAccount: true,

    authorizationUrl(client: OAuthClient, state: string, grant?: GrantContext): string {
      const url = new URL('/login/oauth/authorize', options.webUrl);
      url.search = new URLSearchParams({
        client_id: client.clientId,
        redirect_uri: client.redirectUri,
        scope: SCOPES.join(' '),
        state,
        ...challengeParams(grant?.codeVerifier),
      }).toString();
      return url.href;
    },

    exchangeCode(client: OAuthClient, code: string, grant?: GrantContext): Promise<TokenSet> {
      return tokenRequest(codeExchangeForm(client, code, grant));
    },

    refresh(client: OAuthClient, refreshToken: string): Promise<TokenSet> {
      return tokenRequest(refreshForm(client, refreshToken), refreshToken);
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
