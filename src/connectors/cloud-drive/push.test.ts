import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGoogle, WebhookReceiver } from '../../../test/fakes/google/index.js';
import { bearer, googleConnector, syncRequest } from '../../../test/helpers/connectors.js';
import type { Connector, PushSubscription, SyncRequest } from '../types.js';

let google: FakeGoogle;
let receiver: WebhookReceiver;
let connector: Connector;
const SECRET = 'whsec-drive-0123456789';

beforeAll(async () => {
  [google, receiver] = await Promise.all([FakeGoogle.start(), WebhookReceiver.start()]);
  connector = googleConnector(google, 'cloud-drive');
});
afterAll(() => Promise.all([google.close(), receiver.close()]));

const request = (): SyncRequest => syncRequest({ credentials: bearer(google.token()), now: () => google.clock.now() });

describe('cloud-drive push channels', () => {
  let subscription: PushSubscription;
  const webhook = () => ({ url: receiver.url('/v3/connections/webhooks/cloud-drive/conn-1'), secret: SECRET });

  it('opens a changes channel for a week, delivering to the webhook URL with the secret as its token', async () => {
    subscription = await connector.subscription!.ensure(request(), webhook(), null);
    const [channel] = [...google.drive.channels.values()];
    expect(channel).toMatchObject({ address: webhook().url, token: SECRET, stopped: false });
    expect(subscription.state).toEqual({ channelId: channel!.id, resourceId: channel!.resourceId, expiration: new Date(channel!.expirationMs).toISOString() });
    expect(subscription.renewBy.getTime()).toBe(channel!.expirationMs);
    expect(channel!.expirationMs - google.clock.nowMs()).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);
  });

  it('verifies a notification by its channel token: valid, wrong and missing', async () => {
    receiver.received.length = 0;
    await google.drive.notify({ token: 'valid' });
    await google.drive.notify({ token: 'wrong' });
    await google.drive.notify({ token: 'missing' });
    const [valid, wrong, missing] = receiver.received;
    const verify = (d: typeof valid) => connector.webhook!.verify(d!.headers, d!.rawBody, SECRET);
    expect(verify(valid)).toBe(true);
    expect(verify(wrong)).toBe(false);
    expect(verify(missing)).toBe(false);
    expect(connector.webhook!.verify(valid!.headers, valid!.rawBody, 'another-secret')).toBe(false);

    const channelId = (subscription.state as { channelId: string }).channelId;
    expect(connector.webhook!.describe(valid!.headers, null)).toEqual({ deliveryId: `${channelId}:1`, resource: expect.any(String), event: 'change' });
    // Each message of a channel has its own number, so a redelivery is told from a new one.
    expect(connector.webhook!.describe(wrong!.headers, null).deliveryId).toBe(`${channelId}:2`);
  });

  it('renews before the week is out: a new channel, the old one stopped', async () => {
    google.clock.advance(6.5 * 24 * 3600);
    const before = subscription;
    subscription = await connector.subscription!.ensure(request(), webhook(), before.state);
    const oldId = (before.state as { channelId: string }).channelId;
    const newId = (subscription.state as { channelId: string }).channelId;
    expect(newId).not.toBe(oldId);
    expect(google.drive.channels.get(oldId)!.stopped).toBe(true);
    expect(subscription.renewBy.getTime()).toBeGreaterThan(before.renewBy.getTime());
    expect(subscription.renewBy.getTime() - google.clock.nowMs()).toBeGreaterThan(6 * 24 * 3600_000);

    // Past the old channel's expiry only the new one delivers.
    google.clock.advance(1 * 24 * 3600);
    receiver.received.length = 0;
    const sent = await google.drive.notify();
    expect(sent.map((n) => n.channelId)).toEqual([newId]);
  });

  it('stops the channel when the connection goes', async () => {
    await connector.subscription!.stop!(request(), subscription.state);
    expect(google.drive.channels.get((subscription.state as { channelId: string }).channelId)!.stopped).toBe(true);
    expect(await google.drive.notify()).toEqual([]);
    // Stopping again is fine: best effort, nothing thrown.
    await connector.subscription!.stop!(request(), subscription.state);
  });
});
