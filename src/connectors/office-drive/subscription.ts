import { createHash } from 'node:crypto';
import { oauthAccessToken } from '../credentials.js';
import { ConnectorError, SubscriptionRefusedError, type PushSubscription, type SyncRequest } from '../types.js';
import { GraphClient, PROVIDER, type OfficeDriveOptions } from './graph.js';
import { clientStateFor } from './webhook.js';

/**
 * Graph's longest lifetime for a subscription to a driveItem, 42,300 minutes (29 days 9 hours):
 * within the 30 days the spec gives office-drive webhooks.
 */
export const LIFETIME_MS = 42_300 * 60_000;
/** Renew with a tenth of the lifetime left (about three days), so a failed renewal can be retried. */
const RENEW_MARGIN_MS = LIFETIME_MS / 10;

/** What the engine stores: the subscription, where it delivers, and a digest of the secret it proves. */
interface SubscriptionState {
  id: string;
  expiresAt: string;
  notificationUrl: string;
  secretDigest: string;
}

interface GraphSubscription {
  id: string;
  expirationDateTime: string;
}

const digest = (secret: string) => createHash('sha256').update(secret).digest('hex');

function readState(raw: unknown): SubscriptionState | null {
  const s = raw as Partial<SubscriptionState> | null;
  return s && typeof s.id === 'string' && typeof s.notificationUrl === 'string' && typeof s.secretDigest === 'string' && typeof s.expiresAt === 'string'
    ? (s as SubscriptionState)
    : null;
}

function pushSubscription(subscription: GraphSubscription, webhook: { url: string; secret: string }): PushSubscription {
  const expiresAt = new Date(subscription.expirationDateTime);
  const state: SubscriptionState = {
    id: subscription.id,
    expiresAt: expiresAt.toISOString(),
    notificationUrl: webhook.url,
    secretDigest: digest(webhook.secret),
  };
  return { state, renewBy: new Date(expiresAt.getTime() - RENEW_MARGIN_MS) };
}

/**
 * A subscription to changes of the whole drive (`/me/drive/root`, changeType `updated`). Renewal
 * extends it by PATCH; one that is gone (expired, removed) or that delivers elsewhere or with
 * another secret is replaced. Graph checks the URL while creating (the handshake in webhook.ts).
 */
export async function ensureSubscription(
  options: OfficeDriveOptions,
  request: SyncRequest,
  webhook: { url: string; secret: string },
  current: unknown,
): Promise<PushSubscription> {
  const graph = new GraphClient(options, oauthAccessToken(request.credentials, PROVIDER), request.signal);
  const expirationDateTime = new Date(request.now().getTime() + LIFETIME_MS).toISOString();
  const state = readState(current);
  if (state && state.notificationUrl === webhook.url && state.secretDigest === digest(webhook.secret)) {
    const renewed = await graph.json<GraphSubscription>(`/subscriptions/${encodeURIComponent(state.id)}`, {
      method: 'PATCH',
      body: JSON.stringify({ expirationDateTime }),
      allow: [404],
    });
    if (renewed.status === 200) return pushSubscription(renewed.body, webhook);
  } else if (state) {
    await stopSubscription(options, request, state);
  }
  const created = await graph.json<GraphSubscription>('/subscriptions', {
    method: 'POST',
    body: JSON.stringify({
      changeType: 'updated',
      notificationUrl: webhook.url,
      resource: '/me/drive/root',
      // Graph tells of a removed subscription, or one to reauthorize, here (the same handshake).
      lifecycleNotificationUrl: webhook.url,
      expirationDateTime,
      clientState: clientStateFor(webhook.secret),
      latestSupportedTlsVersion: 'v1_2',
    }),
    allow: [400, 403],
  });
  if (created.status === 403) {
    // Graph's answer when the token may not subscribe: a driveItem subscription needs write permission.
    const code = (created.body as { error?: { code?: string } } | null)?.error?.code ?? 'Forbidden';
    throw new SubscriptionRefusedError(
      `${PROVIDER} answered 403 ${code}: subscribing to a drive needs Files.ReadWrite (personal) or Files.ReadWrite.All (work or school); authorize again with push on, or set metadata.push to false`,
    );
  }
  if (created.status !== 201) {
    // Most often the handshake failed: the URL is not reachable from Graph or did not echo the token.
    const message = (created.body as { error?: { code?: string } } | null)?.error?.code ?? 'HTTP 400';
    throw new ConnectorError('internal', `${PROVIDER} refused the subscription (${message})`);
  }
  return pushSubscription(created.body, webhook);
}

/** Deletes the subscription; best effort, nothing is thrown (Graph ends it at its expiry anyway). */
export async function stopSubscription(options: OfficeDriveOptions, request: SyncRequest, current: unknown): Promise<void> {
  await endSubscription(options, request, current).catch(() => undefined);
}

/** `DELETE /subscriptions/{id}`; one Graph no longer knows (404) is done. Other failures are thrown. */
export async function endSubscription(options: OfficeDriveOptions, request: SyncRequest, current: unknown): Promise<void> {
  const state = readState(current);
  if (!state) return;
  const graph = new GraphClient(options, oauthAccessToken(request.credentials, PROVIDER), request.signal);
  await graph.json(`/subscriptions/${encodeURIComponent(state.id)}`, { method: 'DELETE', allow: [404] });
}
