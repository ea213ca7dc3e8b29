import { oauthAccessToken } from '../credentials.js';
import { asConnectorError, ProviderHttp } from '../provider-http.js';
import { ConnectorError, type CleanupRequest } from '../types.js';
import { NOTION_VERSION, PROVIDER, type NotesWorkspaceOptions } from './api.js';

/**
 * Revokes the connection's token (`POST /v1/oauth/revoke`, the client credentials as HTTP Basic),
 * unless another connection uses the same account: the integration then loses access to what the
 * user shared. A token Notion no longer knows (400) is done. Notion's webhooks are the integration's
 * own (set in its settings, one for every workspace): nothing per connection to stop.
 */
export async function revokeNotionToken(options: NotesWorkspaceOptions, { request, client, sharedGrant }: CleanupRequest): Promise<void> {
  if (sharedGrant) return;
  if (!client)
    throw new ConnectorError('not_allowed', 'the OAuth application the connection was authorized with is no longer configured: its token cannot be revoked');
  const token = oauthAccessToken(request.credentials, PROVIDER);
  const http = new ProviderHttp({ ...options.http, provider: PROVIDER }, request.signal);
  try {
    await http.request(`${options.apiUrl.replace(/\/+$/, '')}/v1/oauth/revoke`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`,
        'content-type': 'application/json',
        accept: 'application/json',
        'notion-version': NOTION_VERSION,
      },
      body: JSON.stringify({ token }),
      allow: [400],
    });
  } catch (err) {
    throw asConnectorError(err, request.signal, PROVIDER);
  }
}
