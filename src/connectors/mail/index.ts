import type { GoogleOptions } from '../google/options.js';
import { googleOAuth } from '../google/oauth.js';
import type { Connector } from '../types.js';
import { parseMailConfig } from './config.js';
import { describePubSubPush, ensureWatch, mailAccount, stopMailWatch, verifyPubSubPush } from './push.js';
import { syncMail } from './sync.js';

/** Reading messages, threads and history, and `users.watch`. */
export const GMAIL_SCOPES = ['https://www.googleapis.com/auth/gmail.readonly'];

/**
 * Mail (Gmail API): one document per thread. Push notifications need the operator's Pub/Sub topic
 * (`projects/P/topics/T`, with `gmail-api-push@system.gserviceaccount.com` allowed to publish);
 * without one there is no subscription and the scheduled syncs alone keep the mail current.
 */
export function mailConnector(options: GoogleOptions & { pushTopic?: string }): Connector {
  const { pushTopic } = options;
  const google = googleOAuth(options, GMAIL_SCOPES);
  return {
    kind: 'mail',
    auth: 'oauth',
    oauth: { ...google, account: (tokens) => mailAccount(options, google, tokens) },
    parseConfig: (metadata) => ({ ...metadata, ...parseMailConfig(metadata) }),
    sync: (request) => syncMail(options, request),
    ...(pushTopic && {
      subscription: {
        ensure: (request) => ensureWatch(options, pushTopic, request),
        stop: (request) => stopMailWatch(options, request),
      },
    }),
    webhook: { scope: 'kind', verify: verifyPubSubPush, describe: describePubSubPush },
  };
}
