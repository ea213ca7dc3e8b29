import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGoogle, WebhookReceiver } from '../../../test/fakes/google/index.js';
import { googleConnector } from '../../../test/helpers/connectors.js';
import type { Connector, PushSubscription, SyncRequest } from '../types.js';

let google: FakeGoogle;
let receiver: WebhookReceiver;
let connector: Connector;
const TOPIC = 'projects/engram-test/topics/gmail-push';
const SECRET = 'pubsub-shared-secret-42';

beforeAll(async () => {
  [google, receiver] = await Promise.all([FakeGoogle.start(), WebhookReceiver.start()]);
  connector = googleConnector(google, 'mail', { gmailPushTopic: TOPIC });
  // The operator's push subscription on the topic, pointing at engram with the shared secret.
  google.gmail.pushSubscription = {
    endpoint: receiver.url('/v3/connections/webhooks/mail'),
    token: SECRET,
    name: 'projects/engram-test/subscriptions/gmail-push-engram',
  };
});
afterAll(() => Promise.all([google.close(), receiver.close()]));

const request = (config: Record<string, unknown> = {}): SyncRequest => ({
  credentials: { tokens: { accessToken: google.token(), refreshToken: null, expiresAt: null, scope: null } },
  config: connector.parseConfig(config),
  cursor: null,
  maxItems: null,
  signal: new AbortController().signal,
  now: () => google.clock.now(),
});

describe('mail push (users.watch and Pub/Sub)', () => {
  let subscription: PushSubscription;

  it('watches the mailbox on the operator topic for a week', async () => {
    subscription = await connector.subscription!.ensure(request({ labels: ['INBOX'] }), { url: 'unused-by-pubsub', secret: SECRET }, null);
    expect(google.gmail.watchRequests.at(-1)).toEqual({ topicName: TOPIC, labelIds: ['INBOX'], labelFilterBehavior: 'include' });
    expect(subscription.renewBy.getTime()).toBe(google.gmail.watch!.expirationMs);
    expect(subscription.renewBy.getTime() - google.clock.nowMs()).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);
    expect(subscription.state).toMatchObject({ topicName: TOPIC, historyId: String(google.gmail.mailbox.historyId) });
  });

  it('verifies a push by its shared secret token (valid, wrong, missing) and names the mailbox', async () => {
    google.gmail.mailbox.addMessage({ from: 'bob@example.com', to: ['ada@example.com'], subject: 'Ping', text: 'ping' });
    const valid = await google.gmail.push({ token: 'valid' });
    await google.gmail.push({ token: 'wrong' });
    await google.gmail.push({ token: 'missing' });
    const [ok, wrong, missing] = receiver.received;
    const verify = (d: typeof ok) => connector.webhook!.verify(d!.headers, d!.rawBody, SECRET, d!.query);
    expect(verify(ok)).toBe(true);
    expect(verify(wrong)).toBe(false);
    expect(verify(missing)).toBe(false);
    expect(connector.webhook!.verify(ok!.headers, ok!.rawBody, SECRET)).toBe(false);

    expect(connector.webhook!.describe(ok!.headers, JSON.parse(ok!.rawBody.toString('utf8')))).toEqual({
      deliveryId: valid.body.message.messageId,
      resource: 'ada@example.com',
      event: 'history',
      account: 'ada@example.com',
    });
    expect(connector.webhook!.describe(ok!.headers, { nothing: true })).toEqual({ deliveryId: '', resource: null, event: 'history', account: null });
  });

  it('renews the watch before it lapses, with the fake clock', async () => {
    google.clock.advance(6 * 24 * 3600);
    const before = subscription.renewBy.getTime();
    subscription = await connector.subscription!.ensure(request(), { url: 'unused-by-pubsub', secret: SECRET }, subscription.state);
    expect(subscription.renewBy.getTime() - before).toBeGreaterThanOrEqual(6 * 24 * 3600_000 - 1_000);
    google.clock.advance(2 * 24 * 3600);
    // Past the first watch's end, the renewed one still publishes.
    await expect(google.gmail.push()).resolves.toMatchObject({ status: 200 });
  });

  it("names the account by its Gmail profile's mailbox address, and by its e-mail when the profile cannot be read", async () => {
    const tokens = (accessToken: string) => ({ accessToken, refreshToken: null, expiresAt: null, scope: null });
    const profiles = (status: number) => google.count('GET /gmail/v1/users/{userId}/profile', status);
    const [read, refused] = [profiles(200), profiles(403)];
    expect(await connector.oauth!.account(tokens(google.token()))).toMatchObject({ email: 'ada@example.com', deliveryKey: 'ada@example.com' });
    expect(profiles(200)).toBe(read + 1);
    // The Gmail scope unticked on the consent page: the authorization still completes.
    const driveOnly = google.token(['openid', 'email', 'https://www.googleapis.com/auth/drive.readonly']);
    expect(await connector.oauth!.account(tokens(driveOnly))).toMatchObject({ deliveryKey: 'ada@example.com' });
    expect(profiles(403)).toBe(refused + 1);
  });

  it('stops the watch when the connection goes', async () => {
    await connector.subscription!.stop!(request(), subscription.state);
    expect(google.gmail.watch).toBeNull();
    await expect(google.gmail.push()).rejects.toThrow(/no watch/);
  });
});
