import { z } from 'zod';
import { defineConnector, oauthAppEnv } from '../descriptor.js';
import type { Connector, SyncRequest } from '../types.js';
import { cleanupCodeHost } from './cleanup.js';
import { GITHUB_DEFAULTS, gitHubClient, toConnectorError, type CodeHostOptions } from './client.js';
import { isSelectedPath, parseCodeHostConfig } from './config.js';
import { parseExternalId } from './items.js';
import { gitHubOAuth } from './oauth.js';
import { configureRepositories, listRepositories } from './selection.js';
import { accessToken, syncCodeHost } from './sync.js';
import { describeGitHubDelivery, verifyGitHubSignature } from './webhook.js';

export { GITHUB_DEFAULTS, type CodeHostOptions } from './client.js';

/** The code host (GitHub or GitHub Enterprise Server): repositories' files and issues. */
export function codeHostConnector(options: CodeHostOptions): Connector {
  const client = (request: SyncRequest) => gitHubClient(options, accessToken(request.credentials), request.signal);
  const mapped = async <T>(request: SyncRequest, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      throw toConnectorError(err, options.now, request.signal);
    }
  };

  return {
    kind: 'code-host',
    auth: 'oauth',
    oauth: gitHubOAuth(options),
    parseConfig: (metadata) => ({ ...metadata, ...parseCodeHostConfig(metadata) }),
    sync: (request) => syncCodeHost(options, request),
    resources: (request, page) => mapped(request, () => listRepositories(client(request), page.page, page.perPage)),
    configure: (request, resources, webhook) => mapped(request, () => configureRepositories(client(request), request, resources, webhook)),
    covers(externalId, rawConfig) {
      const config = parseCodeHostConfig(rawConfig);
      const id = parseExternalId(externalId);
      if (!id || !config.repositories.includes(id.repository)) return false;
      return 'path' in id ? isSelectedPath(id.path, config) : config.includeIssues;
    },
    webhook: { verify: verifyGitHubSignature, describe: describeGitHubDelivery },
    cleanup: (cleanup) => mapped(cleanup.request, () => cleanupCodeHost(options, cleanup)),
  };
}

export const codeHostDescriptor = defineConnector({
  kind: 'code-host',
  aliases: ['github'],
  auth: 'oauth',
  settingsKey: 'codeHost',
  scheduled: true,
  envPrefix: 'CODE_HOST',
  env: z.object({
    ...oauthAppEnv('CODE_HOST'),
    /** The code host's REST base and site root; Enterprise Server: https://HOST/api/v3 and https://HOST. */
    CODE_HOST_API_URL: z.string().url().default(GITHUB_DEFAULTS.apiUrl),
    CODE_HOST_WEB_URL: z.string().url().default(GITHUB_DEFAULTS.webUrl),
  }),
  optionsFrom: (env) => ({ codeHost: { apiUrl: env.CODE_HOST_API_URL, webUrl: env.CODE_HOST_WEB_URL } }),
  create: (context) =>
    codeHostConnector({
      ...(context.options.codeHost ?? GITHUB_DEFAULTS),
      userAgent: context.userAgent,
      maxRateLimitWaitSeconds: context.maxRateLimitWaitSeconds,
      retryBaseMs: context.retryBaseMs,
      now: context.now,
    }),
});
