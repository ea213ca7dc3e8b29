import { ConnectorError, type CleanupRequest } from '../types.js';
import { gitHubClient, isHttpFailure, isRefused, type CodeHostOptions, type GitHubClient } from './client.js';
import { parseCodeHostConfig } from './config.js';
import { repoOf } from './github-api.js';
import { removeHook } from './selection.js';
import { accessToken } from './sync.js';

/**
 * Takes our hook off every chosen repository (a repository gone, or one we may no longer manage,
 * has none of ours left to reach), then revokes at GitHub: the whole grant of the app for the user
 * (`DELETE /applications/{client_id}/grant`), or only this connection's token
 * (`DELETE /applications/{client_id}/token`) while another connection uses the same account, and
 * nothing while another connection holds this very token (the account's one shared grant). Both
 * authenticate as the app (HTTP Basic with its client id and secret); a token GitHub no longer knows
 * (404) is done.
 */
export async function cleanupCodeHost(options: CodeHostOptions, cleanup: CleanupRequest): Promise<void> {
  const { request, client } = cleanup;
  const token = accessToken(request.credentials);
  const gh = gitHubClient(options, token, request.signal);
  // By the connection's own path: the hook was registered under the origin of that time (PUBLIC_URL, or the request's).
  const path = webhookPath(cleanup.webhookUrl);
  const ours = (hookUrl: string) => hookUrl === cleanup.webhookUrl || webhookPath(hookUrl) === path;
  for (const name of parseCodeHostConfig(request.config).repositories) {
    await removeHook(gh, repoOf(name), ours).catch((err: unknown) => {
      if (!isRefused(err)) throw err;
    });
  }
  if (cleanup.tokenShared) return;
  if (!client)
    throw new ConnectorError('not_allowed', 'the OAuth application the connection was authorized with is no longer configured: its grant cannot be revoked');
  const app = gitHubClient(options, null, request.signal);
  const basic = Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64');
  const route = cleanup.sharedGrant ? 'DELETE /applications/{client_id}/token' : 'DELETE /applications/{client_id}/grant';
  try {
    await app.request(route, { client_id: client.clientId, access_token: token, headers: { authorization: `basic ${basic}` } });
  } catch (err) {
    if (!isHttpFailure(err, 404)) throw err;
    // GitHub answers 404 to a token it no longer knows and to wrong app credentials alike: the token tells which.
    if (await tokenWorks(gh)) throw new ConnectorError('internal', 'the code host refused the OAuth app credentials to revoke the grant (HTTP 404)');
  }
}

async function tokenWorks(gh: GitHubClient): Promise<boolean> {
  try {
    await gh.request('GET /user');
    return true;
  } catch (err) {
    if (isHttpFailure(err, 401)) return false;
    throw err;
  }
}

function webhookPath(url: string): string {
  try {
    return new URL(url, 'http://localhost').pathname;
  } catch {
    return url;
  }
}
