import { verifierParams } from './pkce.js';
import type { GrantContext, OAuthClient } from './types.js';

/**
 * The token endpoint's forms for a client that authenticates with its id and secret in the body
 * (RFC 6749 §2.3.1), as Google, Microsoft and GitHub take them. `extra`: a provider's own fields
 * (Microsoft's `scope`).
 */

/** Redeeming an authorization code (§4.1.3), with the PKCE verifier when the link carried a challenge. */
export function codeExchangeForm(client: OAuthClient, code: string, grant?: GrantContext, extra: Record<string, string> = {}): Record<string, string> {
  return {
    client_id: client.clientId,
    client_secret: client.clientSecret,
    grant_type: 'authorization_code',
    code,
    redirect_uri: client.redirectUri,
    ...extra,
    ...verifierParams(grant?.codeVerifier),
  };
}

/** Refreshing an access token (§6). */
export function refreshForm(client: OAuthClient, refreshToken: string, extra: Record<string, string> = {}): Record<string, string> {
  return { client_id: client.clientId, client_secret: client.clientSecret, grant_type: 'refresh_token', refresh_token: refreshToken, ...extra };
}
