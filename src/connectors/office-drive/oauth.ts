import { oauthAccessToken } from '../credentials.js';
import { readTokenAnswer } from '../oauth-token.js';
import { codeExchangeForm, refreshForm } from '../oauth-forms.js';
import { challengeParams } from '../pkce.js';
import type { AccountInfo, GrantContext, OAuthClient, OAuthProvider, TokenSet } from '../types.js';
import { GraphClient, newHttp, PROVIDER, type OfficeDriveOptions } from './graph.js';

/**
 * The permissions asked, by mode. The adapter reads the signed-in user's own drive only
 * (`/me/drive/root/delta`): `Files.Read` is enough for that, so without push nothing more is asked.
 * Graph lets a delegated token subscribe to a drive only with write permission: `Files.ReadWrite`
 * on a personal OneDrive, `Files.ReadWrite.All` on OneDrive for Business (its permission table for
 * `POST /subscriptions`). Which kind of account signs in is known only afterwards, so push asks for
 * `Files.ReadWrite.All`, which covers both, unless the tenant is `consumers` (personal accounts
 * only). `offline_access` gives a refresh token, `User.Read` the profile `account` reads.
 */
export function scopesFor(options: Pick<OfficeDriveOptions, 'tenant'>, config: Record<string, unknown>): string[] {
  const push = config.push !== false;
  const files = !push ? 'Files.Read' : options.tenant.toLowerCase() === 'consumers' ? 'Files.ReadWrite' : 'Files.ReadWrite.All';
  return ['offline_access', 'User.Read', files];
}

/**
 * A refresh asks for what the grant was given (Microsoft refuses a refresh asking for more than was
 * consented to): the scope of the last token answer, else the mode's permissions.
 */
function refreshScopes(options: OfficeDriveOptions, grant: GrantContext | undefined): string[] {
  const given = (grant?.scope ?? '').split(/\s+/).filter((s) => s && !/^(openid|profile|email|offline_access)$/i.test(s));
  return given.length ? ['offline_access', ...given] : scopesFor(options, grant?.config ?? {});
}

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
    authorizationUrl(client: OAuthClient, state: string, grant?: GrantContext): string {
      const url = new URL(endpoint('authorize'));
      url.search = new URLSearchParams({
        client_id: client.clientId,
        response_type: 'code',
        redirect_uri: client.redirectUri,
        response_mode: 'query',
        scope: scopesFor(options, grant?.config ?? {}).join(' '),
        state,
        ...challengeParams(grant?.codeVerifier),
      }).toString();
      return url.href;
    },

    exchangeCode(client: OAuthClient, code: string, grant?: GrantContext): Promise<TokenSet> {
      return tokenRequest(codeExchangeForm(client, code, grant, { scope: scopesFor(options, grant?.config ?? {}).join(' ') }));
    },

    /** Microsoft issues a new refresh token with each refresh: store it in place of the old one. */
    refresh(client: OAuthClient, refreshToken: string, grant?: GrantContext): Promise<TokenSet> {
      return tokenRequest(refreshForm(client, refreshToken, { scope: refreshScopes(options, grant).join(' ') }), refreshToken);
    },

    async account(tokens: TokenSet): Promise<AccountInfo> {
      const signal = AbortSignal.timeout(options.http.timeoutMs);
      const graph = new GraphClient(options, oauthAccessToken({ tokens }, PROVIDER), signal);
      const { body } = await graph.json<{ id: string; displayName?: string | null; mail?: string | null; userPrincipalName?: string | null }>('/me');
      return { id: body.id, email: body.mail ?? body.userPrincipalName ?? null, name: body.displayName ?? null };
    },
  };
}
