import { z } from 'zod';
import { defineConnector, oauthAppEnv } from '../descriptor.js';
import { asConnectorError, guardedSync, providerSettings } from '../provider-http.js';
import { SubscriptionRefusedError, type Connector } from '../types.js';
import { parseOfficeDriveConfig } from './config.js';
import { MICROSOFT_DEFAULTS, PROVIDER, type OfficeDriveOptions } from './graph.js';
import { microsoftOAuth } from './oauth.js';
import { endSubscription, ensureSubscription, stopSubscription } from './subscription.js';
import { syncOfficeDrive } from './sync.js';
import { describeGraphNotification, graphHandshake, verifyGraphNotification } from './webhook.js';

export { MICROSOFT_DEFAULTS, type OfficeDriveOptions } from './graph.js';

/** The office drive (OneDrive, OneDrive for Business through Microsoft Graph): the user's files. */
export function officeDriveConnector(options: OfficeDriveOptions): Connector {
  return {
    kind: 'office-drive',
    auth: 'oauth',
    oauth: microsoftOAuth(options),
    parseConfig: (metadata) => ({ ...metadata, ...parseOfficeDriveConfig(metadata) }),
    sync: (request) => guardedSync(syncOfficeDrive(options, request), request.signal, PROVIDER),
    subscription: {
      enabled: (config) => config.push !== false,
      ensure: (request, webhook, current) =>
        ensureSubscription(options, request, webhook, current).catch((err: unknown) => {
          if (err instanceof SubscriptionRefusedError) throw err;
          throw asConnectorError(err, request.signal, PROVIDER);
        }),
      stop: (request, current) => stopSubscription(options, request, current),
    },
    webhook: { verify: verifyGraphNotification, describe: describeGraphNotification, handshake: graphHandshake },
    /**
     * The drive subscription (`DELETE /subscriptions/{id}`). The Microsoft identity platform has no
     * endpoint that revokes one application's grant: the user removes it at myapps.microsoft.com
     * (or account.live.com/consent/Manage), and the refresh token lapses after 90 days unused.
     */
    cleanup: ({ request, subscription }) =>
      endSubscription(options, request, subscription).catch((err: unknown) => {
        throw asConnectorError(err, request.signal, PROVIDER);
      }),
  };
}

export const officeDriveDescriptor = defineConnector({
  kind: 'office-drive',
  aliases: ['onedrive'],
  auth: 'oauth',
  settingsKey: 'officeDrive',
  scheduled: true,
  envPrefix: 'MICROSOFT',
  env: z.object({
    ...oauthAppEnv('MICROSOFT'),
    GRAPH_API_URL: z.string().url().default(MICROSOFT_DEFAULTS.graphUrl),
    MICROSOFT_LOGIN_URL: z.string().url().default(MICROSOFT_DEFAULTS.loginUrl),
    /** `common` (work and personal accounts), `organizations`, `consumers` or one tenant's id. */
    MICROSOFT_TENANT: z
      .string()
      .regex(/^[A-Za-z0-9.-]{1,100}$/)
      .default(MICROSOFT_DEFAULTS.tenant),
  }),
  optionsFrom: (env) => ({ officeDrive: { graphUrl: env.GRAPH_API_URL, loginUrl: env.MICROSOFT_LOGIN_URL, tenant: env.MICROSOFT_TENANT } }),
  create: (context) => officeDriveConnector({ ...(context.options.officeDrive ?? MICROSOFT_DEFAULTS), http: providerSettings(context), now: context.now }),
});
