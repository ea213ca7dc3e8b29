import { asConnectorError, guardedSync } from '../provider-http.js';
import type { Connector } from '../types.js';
import { parseOfficeDriveConfig } from './config.js';
import { PROVIDER, type OfficeDriveOptions } from './graph.js';
import { microsoftOAuth } from './oauth.js';
import { ensureSubscription, stopSubscription } from './subscription.js';
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
      ensure: (request, webhook, current) =>
        ensureSubscription(options, request, webhook, current).catch((err: unknown) => {
          throw asConnectorError(err, request.signal, PROVIDER);
        }),
      stop: (request, current) => stopSubscription(options, request, current),
    },
    webhook: { verify: verifyGraphNotification, describe: describeGraphNotification, handshake: graphHandshake },
  };
}
