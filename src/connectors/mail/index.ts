import { z } from 'zod';
import { defineConnector, type ConvertFile } from '../descriptor.js';
import { googleEnv, googleOptions, googleOptionsFrom } from '../google/env.js';
import { googlePushSenderCheck, type PushSender } from '../google/id-token.js';
import type { GoogleOptions } from '../google/options.js';
import { googleOAuth } from '../google/oauth.js';
import { revokeGoogleGrant } from '../google/revoke.js';
import type { Connector } from '../types.js';
import { parseMailConfig } from './config.js';
import { describePubSubPush, endMailWatch, ensureWatch, mailAccount, stopMailWatch, verifyPubSubPush } from './push.js';
import { syncMail } from './sync.js';

/** Reading messages, threads and history, and `users.watch`. */
export const GMAIL_SCOPES = ['https://www.googleapis.com/auth/gmail.readonly'];

/**
 * Mail (Gmail API): one document per thread. Push notifications need the operator's Pub/Sub topic
 * (`projects/P/topics/T`, with `gmail-api-push@system.gserviceaccount.com` allowed to publish);
 * without one there is no subscription and the scheduled syncs alone keep the mail current. The
 * push subscription proves itself with `pushSender`'s ID token when configured, and with the
 * kind's secret (`?token=`) when that is configured.
 */
export function mailConnector(options: GoogleOptions & { pushTopic?: string; pushSender?: PushSender; convert: ConvertFile }): Connector {
  const { pushTopic, pushSender } = options;
  const google = googleOAuth(options, GMAIL_SCOPES);
  return {
    kind: 'mail',
    auth: 'oauth',
    oauth: { ...google, account: (tokens) => mailAccount(options, google, tokens) },
    parseConfig: (metadata) => ({ ...metadata, ...parseMailConfig(metadata) }),
    sync: (request) => syncMail(options, options.convert, request),
    ...(pushTopic && {
      subscription: {
        ensure: (request) => ensureWatch(options, pushTopic, request),
        stop: (request) => stopMailWatch(options, request),
      },
    }),
    webhook: {
      scope: 'kind',
      verify: verifyPubSubPush,
      describe: describePubSubPush,
      ...(pushSender && { verifySender: googlePushSenderCheck(options, pushSender) }),
    },
    /**
     * The mailbox's watch (`users.stop`), then the grant (`oauth2.googleapis.com/revoke`). Gmail keeps
     * one watch per mailbox: while another connection reads the same account, both stay.
     */
    async cleanup({ request, subscription, sharedGrant }) {
      if (sharedGrant) return;
      if (subscription != null) await endMailWatch(options, request);
      await revokeGoogleGrant(options, request.credentials, request.signal);
    },
  };
}

const mailEnv = googleEnv
  .extend({
    /** The Pub/Sub topic (`projects/P/topics/T`) Gmail publishes to; without it mail is synced on schedule only. */
    GMAIL_PUSH_TOPIC: z
      .string()
      .regex(/^projects\/[^/]+\/topics\/[^/]+$/, 'must be projects/PROJECT/topics/TOPIC')
      .optional(),
    /** The shared secret the topic's push subscription sends as `?token=` to /v3/connections/webhooks/mail. */
    GMAIL_PUSH_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    /** Authenticated push: the audience the push subscription signs its ID tokens for (`--push-auth-token-audience`, by default its endpoint URL). */
    GMAIL_PUSH_AUDIENCE: z.string().min(1, 'must not be empty').optional(),
    /** Authenticated push: the service account the push subscription signs as (`--push-auth-service-account`). */
    GMAIL_PUSH_SERVICE_ACCOUNT: z.email('must be the e-mail address of a service account').optional(),
  })
  .superRefine((env, ctx) => {
    if (env.GMAIL_PUSH_AUDIENCE && !env.GMAIL_PUSH_SERVICE_ACCOUNT)
      ctx.addIssue({
        code: 'custom',
        path: ['GMAIL_PUSH_SERVICE_ACCOUNT'],
        message:
          "is needed with GMAIL_PUSH_AUDIENCE: anyone can get a Google ID token for any audience, so the token must name the push subscription's own service account",
      });
    if (env.GMAIL_PUSH_SERVICE_ACCOUNT && !env.GMAIL_PUSH_AUDIENCE)
      ctx.addIssue({
        code: 'custom',
        path: ['GMAIL_PUSH_AUDIENCE'],
        message: 'is needed with GMAIL_PUSH_SERVICE_ACCOUNT: the audience the push subscription signs its tokens for (by default its endpoint URL)',
      });
    if (env.GMAIL_PUSH_TOPIC && !env.GMAIL_PUSH_TOKEN && !env.GMAIL_PUSH_AUDIENCE && !env.GMAIL_PUSH_SERVICE_ACCOUNT)
      ctx.addIssue({
        code: 'custom',
        path: ['GMAIL_PUSH_TOKEN'],
        message:
          'is needed with GMAIL_PUSH_TOPIC, or GMAIL_PUSH_AUDIENCE with GMAIL_PUSH_SERVICE_ACCOUNT (authenticated push): the push subscription must prove itself',
      });
  });

export const mailDescriptor = defineConnector({
  kind: 'mail',
  aliases: ['gmail'],
  auth: 'oauth',
  scheduled: true,
  envPrefix: 'GOOGLE',
  env: mailEnv,
  optionsFrom: (env) => ({
    ...googleOptionsFrom(env),
    gmailPushTopic: env.GMAIL_PUSH_TOPIC,
    ...(env.GMAIL_PUSH_AUDIENCE &&
      env.GMAIL_PUSH_SERVICE_ACCOUNT && { gmailPushSender: { audience: env.GMAIL_PUSH_AUDIENCE, serviceAccount: env.GMAIL_PUSH_SERVICE_ACCOUNT } }),
  }),
  kindSecretVariable: 'GMAIL_PUSH_TOKEN',
  create: (context) =>
    mailConnector({
      ...googleOptions(context),
      pushTopic: context.options.gmailPushTopic,
      pushSender: context.options.gmailPushSender,
      convert: context.convert,
    }),
});
