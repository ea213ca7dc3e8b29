import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventReceiver } from '../helpers/event-receiver.js';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.js';

/** Far longer than the test waits: a delivery that arrives came from the wake-up, not the poll. */
const POLL_MS = 120_000;

describe('webhooks: the dispatcher is woken when a change commits', () => {
  let server: TestServer;
  let to: EventReceiver;

  beforeAll(async () => {
    server = await startTestServer({
      ALLOW_PRIVATE_URLS: 'false',
      URL_FETCH_ALLOWED_ADDRESSES: '127.0.0.1',
      WEBHOOK_POLL_MS: String(POLL_MS),
    });
    to = await EventReceiver.start();
  });
  afterAll(async () => {
    await server?.close();
    await to?.close();
  });

  it('delivers each event, and a re-send, within seconds although the poll is minutes away', async () => {
    const created = await server.request('POST', '/v3/webhooks', { body: { url: to.url, eventTypes: ['document.queued'], containerTags: ['wh-wake'] } });
    expect(created.status).toBe(201);
    to.secrets = [created.body.secret];

    for (const content of ['first note', 'second note', 'third note']) {
      const started = performance.now();
      const added = await server.request('POST', '/v3/documents', { body: { containerTag: 'wh-wake', content } });
      expect(added.status).toBeLessThan(300);
      await waitFor(async () => to.delivered().find((e) => e.body.data.id === added.body.id), 10_000, `the event of ${content}`);
      expect(performance.now() - started).toBeLessThan(10_000);
    }
    expect(to.delivered().map((e) => e.verifiedWith)).toEqual([[created.body.secret], [created.body.secret], [created.body.secret]]);

    const [latest] = (await server.request('GET', `/v3/webhooks/${created.body.id}/deliveries`)).body.deliveries;
    const resent = await server.request('POST', `/v3/webhooks/${created.body.id}/deliveries/${latest.id}/resend`);
    expect(resent.status).toBe(202);
    await waitFor(async () => (to.delivered().length === 4 ? true : undefined), 10_000, 'the re-sent event');
    expect(to.delivered()[3].id).toBe(to.delivered()[2].id);
  });
});
