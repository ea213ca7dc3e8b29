import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { WebhookDescription } from '../types.js';
import type { Headers } from '../webhook-headers.js';

/**
 * The `clientState` Graph echoes in every notification: derived from the connection's webhook
 * secret (Graph allows at most 128 characters, and the secret itself never travels).
 */
export function clientStateFor(secret: string): string {
  return createHmac('sha256', secret).update('engram office-drive clientState').digest('base64url');
}

interface Notification {
  subscriptionId?: unknown;
  clientState?: unknown;
  changeType?: unknown;
  lifecycleEvent?: unknown;
}

function notifications(body: unknown): Notification[] {
  const value = (body as { value?: unknown } | null)?.value;
  return Array.isArray(value) ? (value as Notification[]) : [];
}

/** Every notification in the delivery carries our clientState (compared in constant time). */
export function verifyGraphNotification(_headers: Headers, rawBody: Buffer, secret: string): boolean {
  if (!secret) return false;
  let list: Notification[];
  try {
    list = notifications(JSON.parse(rawBody.toString('utf8')));
  } catch {
    return false;
  }
  const expected = Buffer.from(clientStateFor(secret));
  return (
    list.length > 0 &&
    list.every((n) => {
      if (typeof n.clientState !== 'string') return false;
      const given = Buffer.from(n.clientState);
      return given.length === expected.length && timingSafeEqual(given, expected);
    })
  );
}

/**
 * Graph gives a notification no id of its own, and two deliveries about two changes can be byte for
 * byte the same, so each delivery gets a fresh id: a repeated delivery costs one more delta read
 * (which finds nothing), where a shared id would drop a change.
 */
export function describeGraphNotification(_headers: Headers, body: unknown): WebhookDescription {
  const list = notifications(body);
  const first = list[0];
  const event = typeof first?.lifecycleEvent === 'string' ? first.lifecycleEvent : typeof first?.changeType === 'string' ? first.changeType : 'notification';
  // `missed` notifications are read back by the sync the delivery queues; the other two concern the subscription.
  const renewSubscription = list.some((n) => n.lifecycleEvent === 'subscriptionRemoved' || n.lifecycleEvent === 'reauthorizationRequired');
  return { deliveryId: randomUUID(), resource: null, event, ...(renewSubscription && { renewSubscription }) };
}

const MAX_VALIDATION_TOKEN = 4096;

/** Graph checks the URL on subscribing: `?validationToken=…` must come back as text/plain within 10 s. */
export function graphHandshake(query: Record<string, string | undefined>): { status: number; contentType: string; body: string } | null {
  const token = query.validationToken;
  if (token === undefined || token.length === 0 || token.length > MAX_VALIDATION_TOKEN) return null;
  return { status: 200, contentType: 'text/plain; charset=utf-8', body: token };
}
