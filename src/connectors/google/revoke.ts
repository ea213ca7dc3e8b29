import { ConnectorError, type SyncCredentials } from '../types.js';
import { googleHttp, toConnectorError } from './http.js';
import type { GoogleOptions } from './options.js';

/**
 * Revokes the connection's Google grant: its refresh token (Google ends the access tokens issued
 * from it with it), else its access token. A token Google no longer knows (400 `invalid_token`:
 * revoked already, or by the user) is done.
 */
export async function revokeGoogleGrant(options: GoogleOptions, credentials: SyncCredentials, signal: AbortSignal): Promise<void> {
  const tokens = 'tokens' in credentials ? credentials.tokens : null;
  const token = tokens?.refreshToken ?? tokens?.accessToken;
  if (!token) return;
  try {
    const answer = await googleHttp(options, signal).request(options.endpoints.revokeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }),
      allow: [400],
    });
    if (answer.status === 400 && errorOf(answer.bytes) !== 'invalid_token')
      throw new ConnectorError('internal', 'Google refused to revoke the token (HTTP 400)');
  } catch (err) {
    throw toConnectorError(err, signal);
  }
}

function errorOf(body: Uint8Array): string | null {
  try {
    const error = (JSON.parse(new TextDecoder().decode(body)) as { error?: unknown }).error;
    return typeof error === 'string' ? error : null;
  } catch {
    return null;
  }
}
