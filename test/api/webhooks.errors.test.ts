import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/errors.js';
import { EventReceiver } from '../helpers/event-receiver.js';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.js';

describe('webhooks: bad input, the URL policy and who may register', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ ALLOW_PRIVATE_URLS: 'false' });
  });
  afterAll(async () => server?.close());

  const count = async () => (await server.request('GET', '/v3/webhooks')).body.webhooks.length as number;

  it.each([
    ['a loopback address', 'http://127.0.0.1:9/hook'],
    ['a name resolving to loopback', 'http://localhost:9/hook'],
    ['a private range', 'http://10.1.2.3/hook'],
    ['an IPv6 loopback', 'http://[::1]/hook'],
    ['a cloud metadata address', 'http://169.254.169.254/latest'],
    ['a host that does not resolve', 'https://no-such-host.invalid/hook'],
  ])('refuses an endpoint on %s with 400 and stores nothing', async (_name, url) => {
    const before = await count();
    expectError(await server.request('POST', '/v3/webhooks', { body: { url, eventTypes: ['document.done'] } }), 400, /unreachable or not allowed/);
    expect(await count()).toBe(before);
  });

  it.each([
    ['no url', { eventTypes: ['document.done'] }, /url/],
    ['a URL of another scheme', { url: 'ftp://example.com/x', eventTypes: ['document.done'] }, /url/],
    ['an unknown event type', { url: 'https://example.com/x', eventTypes: ['document.exploded'] }, /eventTypes/],
    ['no event types', { url: 'https://example.com/x', eventTypes: [] }, /eventTypes/],
    ['a bad container tag', { url: 'https://example.com/x', eventTypes: ['document.done'], containerTags: ['has space'] }, /containerTags/],
    ['an unknown field', { url: 'https://example.com/x', eventTypes: ['document.done'], secret: 'mine' }, /secret/],
  ])('refuses %s with 400 naming the field', async (_name, body, details) => {
    const before = await count();
    expectError(await server.request('POST', '/v3/webhooks', { body }), 400, details);
    expect(await count()).toBe(before);
  });

  it('answers 404 for an unknown endpoint and 400 for an empty change', async () => {
    expectError(await server.request('GET', '/v3/webhooks/wh_0000000000000000000000'), 404);
    expectError(await server.request('PATCH', '/v3/webhooks/wh_0000000000000000000000', { body: { enabled: false } }), 404);
    expectError(await server.request('DELETE', '/v3/webhooks/wh_0000000000000000000000'), 404);
    expectError(await server.request('PATCH', '/v3/webhooks/wh_0000000000000000000000', { body: {} }), 400);
  });

  it('is for admin keys only; another organization sees none of them', async () => {
    const member = await server.createKey({ role: 'member', permission: 'write' });
    const scoped = await server.createKey({ role: 'admin', containerTags: ['t1'] });
    const otherAdmin = await server.createKey({ role: 'admin', orgName: 'webhooks-other-org' });
    for (const key of [member, scoped]) {
      expectError(await server.request('GET', '/v3/webhooks', { key }), 403);
      expectError(await server.request('POST', '/v3/webhooks', { key, body: { url: 'https://example.com/x', eventTypes: ['document.done'] } }), 403);
    }
    expectError(await server.request('GET', '/v3/webhooks', { key: null }), 401);
    const created = await server.request('POST', '/v3/webhooks', {
      key: otherAdmin,
      body: { url: 'https://93.184.215.14/hook', eventTypes: ['document.done'] },
    });
    expect(created.status).toBe(201);
    expectError(await server.request('GET', `/v3/webhooks/${created.body.id}`), 404);
    expect((await server.request('GET', `/v3/webhooks/${created.body.id}`, { key: otherAdmin })).status).toBe(200);
  });
});

describe('webhooks: private addresses allowed by the setting, and an endpoint that keeps failing', () => {
  let server: TestServer;
  let receiver: EventReceiver;

  beforeAll(async () => {
    server = await startTestServer({
      ALLOW_PRIVATE_URLS: 'true',
      WEBHOOK_POLL_MS: '50',
      WEBHOOK_RETRY_BASE_MS: '20',
      WEBHOOK_RETRY_FOR_MS: '1000',
      WEBHOOK_DISABLE_AFTER: '2',
      WEBHOOK_TIMEOUT_MS: '300',
    });
    receiver = await EventReceiver.start();
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  it('still refuses a cloud metadata address', async () => {
    expectError(await server.request('POST', '/v3/webhooks', { body: { url: 'http://169.254.169.254/x', eventTypes: ['document.done'] } }), 400);
  });

  it('fails a delivery after its bounded retries, disables the endpoint after failures in a row, and takes it back when enabled', async () => {
    // Every answer a failure, the last ones hanging past the timeout.
    receiver.answers = Array.from({ length: 1000 }, (_, i) => (i % 3 === 2 ? 'hang' : 503));
    const created = await server.request('POST', '/v3/webhooks', { body: { url: receiver.url, eventTypes: ['document.queued'], containerTags: ['wh-dead'] } });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    for (const content of ['one', 'two', 'three']) {
      await server.request('POST', '/v3/documents', { body: { containerTag: 'wh-dead', content } });
    }
    const disabled = await waitFor(
      async () => {
        const res = await server.request('GET', `/v3/webhooks/${id}`);
        return res.body.enabled === false ? res.body : undefined;
      },
      20_000,
      'the endpoint disabled',
    );
    expect(disabled.disabledReason).toMatch(/2 deliveries in a row failed/);
    const deliveries = (await server.request('GET', `/v3/webhooks/${id}/deliveries`)).body.deliveries;
    const statuses = deliveries.map((d: { status: string }) => d.status).reverse();
    expect(statuses).toEqual(['failed', 'failed', 'pending']);
    expect(deliveries[2].attempts).toBeGreaterThan(1);

    // Enabled again, the receiver answering: the delivery left pending goes out.
    receiver.answers = [];
    const sentBefore = receiver.received.length;
    expect((await server.request('PATCH', `/v3/webhooks/${id}`, { body: { enabled: true } })).body).toMatchObject({ enabled: true, disabledReason: null });
    await waitFor(async () => (receiver.delivered().length === 1 ? true : undefined), 20_000, 'the pending delivery');
    expect(receiver.received.length).toBeGreaterThan(sentBefore);
    expect(receiver.delivered()[0].id).toBe(deliveries[0].eventId);
  });
});
