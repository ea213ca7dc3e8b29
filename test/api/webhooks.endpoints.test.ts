import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { queryRows } from '../../src/store/sql.js';
import { webhookEndpointCacheOf } from '../../src/store/webhook-endpoint-cache.js';
import { ChildServer } from '../helpers/child-server.js';
import { EventReceiver } from '../helpers/event-receiver.js';
import { createTestDatabase, dropTestDatabase } from '../helpers/pg-cluster.js';
import { driver, startTestServer, waitFor, type TestServer } from '../helpers/server.js';

/**
 * Far longer than the tests: an endpoint's change reaches `emit()` only by the cache being told,
 * never by its copy growing old.
 */
const CACHE_MS = '600000';

type Api = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>;

/** Adds a document on `tag`; its `document.queued` is the event the tests follow. */
async function addDocument(api: Api, tag: string, content: string): Promise<string> {
  const added = await api('POST', '/v3/documents', { containerTag: tag, content });
  expect(added.status).toBeLessThan(300);
  return added.body.id;
}

async function deliveredIds(api: Api, endpointId: string): Promise<string[]> {
  const res = await api('GET', `/v3/webhooks/${endpointId}/deliveries?limit=100`);
  expect(res.status).toBe(200);
  return res.body.deliveries.map((d: { eventId: string }) => d.eventId);
}

describe('webhooks: endpoints take effect with the next change', () => {
  let server: TestServer;
  let to: EventReceiver;
  let control: EventReceiver;
  let api: Api;

  beforeAll(async () => {
    server = await startTestServer({
      ALLOW_PRIVATE_URLS: 'false',
      URL_FETCH_ALLOWED_ADDRESSES: '127.0.0.1',
      WEBHOOK_POLL_MS: '50',
      WEBHOOK_ENDPOINTS_CACHE_MS: CACHE_MS,
    });
    to = await EventReceiver.start();
    control = await EventReceiver.start();
    api = async (method, path, body) => server.request(method, path, body === undefined ? {} : { body });
  });
  afterAll(async () => {
    await server?.close();
    await to?.close();
    await control?.close();
  });

  const outboxRows = async () => (await queryRows<{ n: number }>(server.app.database.db, sql`select count(*)::int as n from webhook_events`))[0].n;

  it('costs an organization without endpoints one read of them, then none, and no outbox row', async () => {
    const cache = webhookEndpointCacheOf(server.app.database.db)!;
    expect(cache).toBeDefined();
    const before = cache.reads;
    for (const content of ['one', 'two', 'three']) await addDocument(api, 'wh-none', `a note, ${content}`);
    expect(cache.reads - before).toBeLessThanOrEqual(1);
    expect(await outboxRows()).toBe(0);
  });

  it('sends the very next change to an endpoint just created or enabled, and nothing to one disabled, narrowed or deleted', async () => {
    const tag = 'wh-next';
    // The organization's (empty) endpoints are known to the process before any is registered.
    await addDocument(api, tag, 'before any endpoint');
    const controlled = await api('POST', '/v3/webhooks', { url: control.url, eventTypes: ['document.queued'] });
    expect(controlled.status).toBe(201);
    control.secrets = [controlled.body.secret];
    const seenByControl = (id: string) => waitFor(async () => control.delivered().find((e) => e.body.data.id === id), 20_000, `the control's event of ${id}`);

    const created = await api('POST', '/v3/webhooks', { url: to.url, eventTypes: ['document.queued'], containerTags: [tag] });
    expect(created.status).toBe(201);
    to.secrets = [created.body.secret];
    const first = await addDocument(api, tag, 'right after the endpoint was created');
    const received = await waitFor(async () => to.delivered().find((e) => e.body.data.id === first), 20_000, 'the first event');
    expect(received.verifiedWith).toEqual([created.body.secret]);

    expect((await api('PATCH', `/v3/webhooks/${created.body.id}`, { enabled: false })).status).toBe(200);
    const whileDisabled = await addDocument(api, tag, 'while the endpoint is disabled');
    await seenByControl(whileDisabled);
    expect(await deliveredIds(api, created.body.id)).toHaveLength(1);

    expect((await api('PATCH', `/v3/webhooks/${created.body.id}`, { enabled: true })).status).toBe(200);
    const enabledAgain = await addDocument(api, tag, 'once enabled again');
    await waitFor(async () => to.delivered().find((e) => e.body.data.id === enabledAgain), 20_000, 'the event after enabling');

    expect((await api('PATCH', `/v3/webhooks/${created.body.id}`, { eventTypes: ['document.deleted'] })).status).toBe(200);
    const narrowed = await addDocument(api, tag, 'once the endpoint asks for deletions only');
    await seenByControl(narrowed);
    expect((await api('PATCH', `/v3/webhooks/${created.body.id}`, { eventTypes: ['document.queued'], containerTags: ['elsewhere'] })).status).toBe(200);
    const otherTag = await addDocument(api, tag, 'once the endpoint asks for another tag');
    await seenByControl(otherTag);
    expect(await deliveredIds(api, created.body.id)).toHaveLength(2);

    expect((await api('PATCH', `/v3/webhooks/${created.body.id}`, { containerTags: [tag] })).status).toBe(200);
    const tagBack = await addDocument(api, tag, 'once the endpoint asks for the tag again');
    await waitFor(async () => to.delivered().find((e) => e.body.data.id === tagBack), 20_000, 'the event after the tag came back');

    expect((await api('DELETE', `/v3/webhooks/${created.body.id}`)).status).toBe(200);
    const afterDelete = await addDocument(api, tag, 'after the endpoint was deleted');
    await seenByControl(afterDelete);
    expect(to.received.map((e) => e.body.data.id)).toEqual([first, enabledAgain, tagBack]);
  });
});

// Two processes share one database only on PostgreSQL: the embedded one is opened by one process.
if (driver === 'postgres') {
  describe('webhooks: an endpoint changed in one process routes the changes of another', () => {
    const key = `em_test_${randomBytes(16).toString('hex')}`;
    const dbName = `engram_whc_${randomBytes(4).toString('hex')}`;
    let receiver: EventReceiver;
    let a: ChildServer;
    let b: ChildServer;

    const client =
      (server: () => ChildServer): Api =>
      async (method, path, body) => {
        const res = await fetch(`${server().url}${path}`, {
          method,
          headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        });
        return { status: res.status, body: await res.json() };
      };
    const viaA = client(() => a);
    const viaB = client(() => b);

    beforeAll(async () => {
      receiver = await EventReceiver.start();
      const env = {
        ENGRAM_API_KEY: key,
        ENGRAM_SECRET_KEY: randomBytes(32).toString('hex'),
        DATABASE_URL: await createTestDatabase(inject('pgUrl')!, dbName),
        ALLOW_PRIVATE_URLS: 'true',
        WORKER_POLL_MS: '100',
        WEBHOOK_POLL_MS: '50',
        WEBHOOK_ENDPOINTS_CACHE_MS: CACHE_MS,
      };
      a = await ChildServer.create(env);
      b = await ChildServer.create(env);
      await a.start();
      await b.start();
    });
    afterAll(async () => {
      await a?.stop();
      await b?.stop();
      await receiver?.close();
      await dropTestDatabase(inject('pgUrl')!, dbName);
    });

    it('sends the next change made through B to an endpoint created or enabled through A, and none once disabled or deleted there', async () => {
      const tag = 'wh-two';
      // B knows the organization has no endpoint.
      await addDocument(viaB, tag, 'before any endpoint');
      const created = await viaA('POST', '/v3/webhooks', { url: receiver.url, eventTypes: ['document.queued'] });
      expect(created.status).toBe(201);
      receiver.secrets = [created.body.secret];
      const first = await addDocument(viaB, tag, 'through B, right after A created the endpoint');
      await waitFor(async () => receiver.delivered().find((e) => e.body.data.id === first), 20_000, 'the event of the change through B');

      expect((await viaA('PATCH', `/v3/webhooks/${created.body.id}`, { enabled: false })).status).toBe(200);
      await addDocument(viaB, tag, 'through B, while A has the endpoint disabled');
      expect((await viaA('PATCH', `/v3/webhooks/${created.body.id}`, { enabled: true })).status).toBe(200);
      const enabledAgain = await addDocument(viaB, tag, 'through B, once A enabled it again');
      await waitFor(async () => receiver.delivered().find((e) => e.body.data.id === enabledAgain), 20_000, 'the event after enabling');
      expect(await deliveredIds(viaA, created.body.id)).toHaveLength(2);

      expect((await viaA('DELETE', `/v3/webhooks/${created.body.id}`)).status).toBe(200);
      // B's write succeeds although its copy may still name the deleted endpoint, and nothing is sent.
      await addDocument(viaB, tag, 'through B, after A deleted the endpoint');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(receiver.received.map((e) => e.body.data.id)).toEqual([first, enabledAgain]);
    });
  });
}
