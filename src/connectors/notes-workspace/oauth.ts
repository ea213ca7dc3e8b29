import { oauthAccessToken } from '../credentials.js';
import { readTokenAnswer } from '../oauth-token.js';
import { ProviderHttp } from '../provider-http.js';
import { ConnectorError, type AccountInfo, type OAuthClient, type OAuthProvider, type TokenSet } from '../types.js';
import { NotionClient, PROVIDER, type NotesWorkspaceOptions } from './api.js';

/** Notion's token answer names the workspace, which its webhook events carry. */
function workspaceIdOf(body: Uint8Array): string | null {
  try {
    const id = (JSON.parse(Buffer.from(body).toString('utf8')) as { workspace_id?: unknown }).workspace_id;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

interface BotUser {
  id: string;
  name?: string | null;
  bot?: { owner?: { type?: string; user?: { id?: string; name?: string | null; person?: { email?: string } } }; workspace_name?: string | null };
}

/**
 * Notion's public-integration OAuth: the user picks the pages to share while authorizing
 * (`owner=user`); the token request carries the client credentials as HTTP Basic. Refresh tokens
 * are used once: store the new one.
 */
export function notionOAuth(options: NotesWorkspaceOptions): OAuthProvider {
  const base = options.apiUrl.replace(/\/+$/, '');

  async function tokenRequest(client: OAuthClient, body: Record<string, string>, previousRefreshToken: string | null = null): Promise<TokenSet> {
    const http = new ProviderHttp({ ...options.http, provider: PROVIDER }, AbortSignal.timeout(options.http.timeoutMs));
    const answer = await http.request(`${base}/v1/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify(body),
      allow: [400, 401],
    });
    const tokens = readTokenAnswer({ status: answer.status, body: answer.bytes }, { provider: PROVIDER, now: options.now, previousRefreshToken });
    return { ...tokens, workspaceId: workspaceIdOf(answer.bytes) };
  }

  return {
    authorizationUrl(client: OAuthClient, state: string): string {
      const url = new URL(`${base}/v1/oauth/authorize`);
      url.search = new URLSearchParams({
        client_id: client.clientId,
        response_type: 'code',
        owner: 'user',
        redirect_uri: client.redirectUri,
        state,
      }).toString();
      return url.href;
    },

    exchangeCode: (client, code) => tokenRequest(client, { grant_type: 'authorization_code', code, redirect_uri: client.redirectUri }),

    refresh: (client, refreshToken) => tokenRequest(client, { grant_type: 'refresh_token', refresh_token: refreshToken }, refreshToken),

    /** The integration's bot user names the person who connected it and the workspace; the token answer named the workspace's id, which its webhook events carry. */
    async account(tokens: TokenSet): Promise<AccountInfo> {
      const api = new NotionClient(options, oauthAccessToken({ tokens }, PROVIDER), AbortSignal.timeout(options.http.timeoutMs));
      const me = await api.get<BotUser>('/users/me');
      if (!me) throw new ConnectorError('auth_expired', `${PROVIDER} does not know the integration`);
      const owner = me.bot?.owner?.user;
      return {
        id: owner?.id ?? me.id,
        email: owner?.person?.email ?? null,
        name: me.bot?.workspace_name ?? owner?.name ?? me.name ?? null,
        deliveryKey: tokens.workspaceId ?? null,
      };
    },
  };
}
