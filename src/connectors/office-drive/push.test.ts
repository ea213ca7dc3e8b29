import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGraph, MAX_DRIVE_SUBSCRIPTION_MINUTES } from '../../../test/fakes/graph/index.js';
import { connectorFailure, officeDriveConnector } from '../../../test/helpers/connectors.js';
import { WebhookReceiver } from '../../../test/helpers/webhook-receiver.js';
import type { Connector, PushSubscription, SyncRequest } from '../types.js';

let graph: FakeGraph;
let connector: Connector;
let receiver: WebhookReceiver;
const SECRET = 'connection-webhook-secret';
const DAY_MS = 24 * 3600 * 1000;

function request(): SyncRequest {
  return {
    credentials: { tokens: { accessToken: graph.token(365 * 24 * 3600), refreshToken: null, expiresAt: null, scope: null } },
    config: {},
    cursor: null,
    maxItems: null,
    signal: new AbortController().signal,
    now: () => graph.clock.now(),
  };
}

beforeAll(async () => {
  graph = await FakeGraph.start();
  connector = officeDriveConnector(graph, 'common');
  receiver = await WebhookReceiver.start(connector, SECRET);
});
afterAll(async () => {
  await receiver.close();
  await graph.close();
});

describe('office-drive subscriptions and notifications', () => {
  let subscription: PushSubscription;

  it('creates a subscription on the drive root; Graph validates the URL and the token is echoed', async () => {
    const webhook = { url: receiver.url, secret: SECRET };
    subscription = await connector.subscription!.ensure(request(), webhook, null);
    expect(receiver.handshakes).toBe(1);
    expect(graph.subscriptions.validations.at(-1)).toMatchObject({ status: 200 });
    const [live] = graph.subscriptions.live();
    expect(live).toMatchObject({ resource: '/me/drive/root', changeType: 'updated', notificationUrl: receiver.url });
    // The clientState is derived from the secret; the secret itself never goes to Graph.
    expect(live!.clientState).not.toContain(SECRET);
    const lifetime = live!.expirationMs - graph.clock.nowMs();
    expect(lifetime).toBeLessThanOrEqual(MAX_DRIVE_SUBSCRIPTION_MINUTES * 60_000);
    expect(lifetime).toBeGreaterThan(29 * DAY_MS);
    // Renewal is due about three days before the expiry, well inside the 30 days.
    expect(live!.expirationMs - subscription.renewBy.getTime()).toBeGreaterThanOrEqual(DAY_MS);
    expect(subscription.renewBy.getTime()).toBeLessThan(live!.expirationMs);
  });

  it('answers the handshake only for a validationToken', () => {
    const handshake = connector.webhook!.handshake!;
    expect(handshake({ validationToken: 'Validation: a b&c' }, {})).toEqual({
      status: 200,
      contentType: 'text/plain; charset=utf-8',
      body: 'Validation: a b&c',
    });
    expect(handshake({}, {})).toBeNull();
    expect(handshake({ validationToken: '' }, {})).toBeNull();
  });

  it('verifies notifications by clientState: valid, wrong and missing', async () => {
    const [valid] = await graph.subscriptions.notify('valid');
    const [wrong] = await graph.subscriptions.notify('wrong');
    const [missing] = await graph.subscriptions.notify('missing');
    expect([valid!.status, wrong!.status, missing!.status]).toEqual([202, 401, 401]);
    expect(receiver.received.map((r) => r.verified)).toEqual([true, false, false]);
    expect(receiver.received[0]!.described).toMatchObject({ event: 'updated', resource: null, deliveryId: expect.any(String) });
    expect(connector.webhook!.verify({}, Buffer.from('not json'), SECRET)).toBe(false);
    expect(connector.webhook!.verify({}, Buffer.from(valid!.rawBody), 'another-secret')).toBe(false);
    // Two identical deliveries are two deliveries: Graph gives no id, and dropping one could drop a change.
    const body = JSON.parse(valid!.rawBody);
    expect(connector.webhook!.describe({}, body).deliveryId).not.toBe(connector.webhook!.describe({}, body).deliveryId);
  });

  it('renews before expiry with the clock moved forward, keeping the same subscription', async () => {
    graph.clock.advance((subscription.renewBy.getTime() - graph.clock.nowMs()) / 1000 + 60);
    const renewed = await connector.subscription!.ensure(request(), { url: receiver.url, secret: SECRET }, subscription.state);
    expect((renewed.state as { id: string }).id).toBe((subscription.state as { id: string }).id);
    expect(renewed.renewBy.getTime()).toBeGreaterThan(subscription.renewBy.getTime());
    expect(graph.count('PATCH /subscriptions/{id}', 200)).toBe(1);
    expect(graph.subscriptions.live()).toHaveLength(1);
    expect(receiver.handshakes).toBe(1);
    subscription = renewed;
  });

  it('replaces a subscription that expired meanwhile', async () => {
    graph.clock.advance(31 * 24 * 3600);
    expect(graph.subscriptions.live()).toHaveLength(0);
    const replaced = await connector.subscription!.ensure(request(), { url: receiver.url, secret: SECRET }, subscription.state);
    expect((replaced.state as { id: string }).id).not.toBe((subscription.state as { id: string }).id);
    expect(graph.count('PATCH /subscriptions/{id}', 404)).toBe(1);
    expect(receiver.handshakes).toBe(2);
    subscription = replaced;
  });

  it('replaces the subscription when the secret changes, and stops it on delete', async () => {
    receiver.secret = 'rotated-secret';
    const rotated = await connector.subscription!.ensure(request(), { url: receiver.url, secret: 'rotated-secret' }, subscription.state);
    expect(graph.subscriptions.live().map((s) => s.id)).toEqual([(rotated.state as { id: string }).id]);
    const [delivery] = await graph.subscriptions.notify('valid');
    expect(delivery!.status).toBe(202);

    await connector.subscription!.stop!(request(), rotated.state);
    expect(graph.subscriptions.live()).toHaveLength(0);
    // Stopping one that is already gone is quiet.
    await connector.subscription!.stop!(request(), rotated.state);
  });

  it('fails to subscribe when the URL does not answer the validation', async () => {
    const err = await connectorFailure(connector.subscription!.ensure(request(), { url: 'http://127.0.0.1:9/nobody', secret: SECRET }, null));
    expect(err.code).toBe('internal');
    expect(graph.subscriptions.live()).toHaveLength(0);
  });
});
