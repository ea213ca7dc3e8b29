import { GoogleClient, toConnectorError } from '../google/http.js';
import { accessToken } from '../google/oauth.js';
import type { GoogleOptions } from '../google/options.js';
import { sameSecret, type Headers } from '../webhook-headers.js';
import type { AccountInfo, OAuthProvider, PushSubscription, SyncRequest, TokenSet, WebhookDescription } from '../types.js';
import { parseMailConfig } from './config.js';
import { profile, stopWatch, watchMailbox } from './gmail-api.js';

/** Gmail ends a watch after 7 days unless it is called again. */
export const WATCH_LIFETIME_MS = 7 * 24 * 3600 * 1000;

/**
 * `users.watch` publishes the mailbox's changes to the operator's Pub/Sub topic; calling it again
 * renews it. The topic's push subscription delivers to the webhook URL, and proves itself with the
 * shared secret as the `token` query parameter of its endpoint (Pub/Sub sets no header of ours), or
 * with the ID token of its authenticated push (`google/id-token.ts`), or both.
 */
export async function ensureWatch(options: GoogleOptions, topicName: string, request: SyncRequest): Promise<PushSubscription> {
  const gmail = new GoogleClient(options, accessToken(request.credentials), request.signal);
  try {
    const { labels } = parseMailConfig(request.config);
    const watch = await watchMailbox(gmail, options.endpoints.gmailUrl, topicName, labels);
    const expiration = new Date(Number(watch.expiration) || request.now().getTime() + WATCH_LIFETIME_MS);
    return { state: { topicName, historyId: watch.historyId, expiration: expiration.toISOString() }, renewBy: expiration };
  } catch (err) {
    throw toConnectorError(err, request.signal);
  }
}

/**
 * The Google account, with the mailbox address Gmail's pushes name it by (the profile's
 * `emailAddress`; the account's e-mail when the profile cannot be read: an authorization does not
 * fail on it, the first sync tells a missing scope).
 */
export async function mailAccount(options: GoogleOptions, google: OAuthProvider, tokens: TokenSet): Promise<AccountInfo> {
  const account = await google.account(tokens);
  const gmail = new GoogleClient(options, tokens.accessToken, AbortSignal.timeout(options.timeoutMs));
  const mailbox = await profile(gmail, options.endpoints.gmailUrl).then(
    (p) => p.emailAddress,
    () => account.email,
  );
  return { ...account, deliveryKey: mailbox ? mailbox.toLowerCase() : null };
}

/** Best effort. */
export async function stopMailWatch(options: GoogleOptions, request: SyncRequest): Promise<void> {
  await endMailWatch(options, request).catch(() => undefined);
}

/** `users.stop`: the mailbox's watch ends (Gmail answers 204 whether or not there was one); failures are thrown as ConnectorErrors. */
export async function endMailWatch(options: GoogleOptions, request: SyncRequest): Promise<void> {
  try {
    const gmail = new GoogleClient(options, accessToken(request.credentials), request.signal);
    await stopWatch(gmail, options.endpoints.gmailUrl);
  } catch (err) {
    throw toConnectorError(err, request.signal);
  }
}

/** The push endpoint's `?token=` is the kind's shared secret (one topic and subscription serve every mailbox). */
export function verifyPubSubPush(_headers: Headers, _rawBody: Buffer, secret: string, query?: Record<string, string | undefined>): boolean {
  return sameSecret(query?.token, secret);
}

interface PushEnvelope {
  message?: { data?: string; messageId?: string; message_id?: string };
  subscription?: string;
}

/**
 * A Pub/Sub push: `{message: {data, messageId, publishTime}, subscription}` where `data` is base64
 * of `{emailAddress, historyId}`. The resource is the mailbox address (lowercase), which is how one
 * topic's deliveries find their connection.
 */
export function describePubSubPush(_headers: Headers, body: unknown): WebhookDescription {
  const message = (body as PushEnvelope | null)?.message;
  let emailAddress: string | null = null;
  try {
    const data = JSON.parse(Buffer.from(message?.data ?? '', 'base64').toString('utf8')) as { emailAddress?: unknown };
    if (typeof data.emailAddress === 'string') emailAddress = data.emailAddress.toLowerCase();
  } catch {
    emailAddress = null;
  }
  return { deliveryId: String(message?.messageId ?? message?.message_id ?? ''), resource: emailAddress, event: 'history', account: emailAddress };
}
