import { Ajv2020 } from 'ajv/dist/2020.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertQueuedDocument } from '../../src/core/documents/queueing.js';
import { systemClock } from '../../src/core/shared/clock.js';
import { findOrgByName } from '../../src/store/keys.js';
import { queryRows } from '../../src/store/sql.js';
import { FakeWebsite } from '../fakes/website.js';
import { EventReceiver, type ReceivedEvent } from '../helpers/event-receiver.js';
import { exportText, importText, parseLines } from '../helpers/export.js';
import { startTestServer, waitFor, waitForDocument, type TestServer } from '../helpers/server.js';

const ALL_TYPES = [
  'document.queued',
  'document.done',
  'document.failed',
  'document.deleted',
  'memory.created',
  'memory.updated',
  'memory.superseded',
  'memory.forgotten',
  'memory.deleted',
];

describe('webhooks: events delivered to a receiver over HTTP', () => {
  let server: TestServer;
  const receivers: EventReceiver[] = [];

  beforeAll(async () => {
    // Private addresses refused, the receiver's own allowed: the URL policy is on.
    server = await startTestServer({
      ALLOW_PRIVATE_URLS: 'false',
      URL_FETCH_ALLOWED_ADDRESSES: '127.0.0.1',
      WEBHOOK_POLL_MS: '50',
      WEBHOOK_RETRY_BASE_MS: '50',
    });
  });
  afterAll(async () => {
    await server?.close();
    for (const receiver of receivers) await receiver.close();
  });

  async function receiver(): Promise<EventReceiver> {
    const started = await EventReceiver.start();
    receivers.push(started);
    return started;
  }

  async function register(to: EventReceiver, body: Record<string, unknown>): Promise<{ id: string; secret: string }> {
    const res = await server.request('POST', '/v3/webhooks', { body: { url: to.url, ...body } });
    expect(res.status).toBe(201);
    expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    to.secrets = [res.body.secret];
    return { id: res.body.id, secret: res.body.secret };
  }

  const waitForEvent = (to: EventReceiver, match: (e: ReceivedEvent) => boolean, what: string) => waitFor(async () => to.delivered().find(match), 20_000, what);

  /** Every body received is what the OpenAPI document's `webhooks` says its type sends. */
  async function expectDocumented(events: ReceivedEvent[]): Promise<void> {
    const document = (await server.request('GET', '/v3/openapi')).body;
    const ajv = new Ajv2020({ strict: false });
    for (const event of events) {
      const schema = document.webhooks[event.body.type]?.post.requestBody.content['application/json'].schema;
      expect(schema, event.body.type).toBeDefined();
      const { $schema: _, ...rest } = schema;
      const validate = ajv.compile({ ...rest, additionalProperties: false });
      expect(validate(event.body), `${event.body.type}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  }

  it('says a memory retired by a newer value of another chain was superseded, naming the memory that replaced it', async () => {
    const to = await receiver();
    await register(to, { eventTypes: ['memory.superseded', 'memory.forgotten'], containerTags: ['wh-lina'] });
    const chat = async (conversationId: string, content: string) => {
      const res = await server.request('POST', '/v4/conversations', {
        body: { containerTag: 'wh-lina', conversationId, messages: [{ role: 'user', name: 'Lina', content }] },
      });
      expect(res.status).toBe(200);
      expect((await waitForDocument(server, res.body.id)).status).toBe('done');
    };
    await chat('lina-1', 'My boyfriend Omar and I just moved in together!');
    await chat('lina-2', 'Omar and I split up last month. I am seeing Yusuf now.');
    const listed = await server.request('POST', '/v4/memories/list', { body: { containerTags: ['wh-lina'], limit: 100 } });
    const retired = (listed.body.memoryEntries as { id: string; isForgotten: boolean; forgetReason: string | null }[]).flatMap((m) => {
      const by = m.isForgotten ? /^replaced by a newer value \(memory (\S+)\)$/.exec(m.forgetReason ?? '')?.[1] : undefined;
      return by ? [{ id: m.id, by }] : [];
    });
    expect(retired.length).toBeGreaterThan(0);
    for (const { id, by } of retired) {
      const superseded = await waitForEvent(to, (e) => e.body.type === 'memory.superseded' && e.body.data.id === id, `memory.superseded ${id}`);
      expect(superseded.body.data).toMatchObject({ id, supersededBy: by });
      const keys = to.delivered().map((e) => `${e.body.type} ${e.body.data.id}`);
      expect(keys.indexOf(`memory.forgotten ${id}`)).toBeGreaterThanOrEqual(0);
      expect(keys.indexOf(`memory.forgotten ${id}`)).toBeLessThan(keys.indexOf(`memory.superseded ${id}`));
    }
  });

  it('sends every implemented event type once, in the order of the changes, signed, only for its tags', async () => {
    const to = await receiver();
    const endpoint = await register(to, { eventTypes: ALL_TYPES, containerTags: ['wh-events'] });
    const listed = await server.request('GET', '/v3/webhooks');
    expect(listed.body.webhooks.find((w: { id: string }) => w.id === endpoint.id)).not.toHaveProperty('secret');

    const written = await server.request('POST', '/v4/memories', { body: { containerTag: 'wh-events', memories: [{ content: 'Mira lives in Lisbon.' }] } });
    expect(written.status).toBe(201);
    const first = written.body.memories[0].id as string;
    const documentId = written.body.documentId as string;
    const updated = await server.request('PATCH', '/v4/memories', { body: { containerTag: 'wh-events', id: first, newContent: 'Mira lives in Porto.' } });
    expect(updated.status).toBe(200);
    const second = updated.body.id as string;
    expect(second).not.toBe(first);
    expect((await server.request('DELETE', '/v4/memories', { body: { containerTag: 'wh-events', id: second } })).status).toBe(200);
    // Another tag's changes are not this endpoint's.
    await server.request('POST', '/v4/memories', { body: { containerTag: 'wh-elsewhere', memories: [{ content: 'Tomas plays the cello.' }] } });
    const added = await server.request('POST', '/v3/documents', { body: { containerTag: 'wh-events', content: 'A short note with nothing much in it.' } });
    await waitForDocument(server, added.body.id);
    expect((await server.request('DELETE', `/v3/documents/${documentId}`)).status).toBeLessThan(300);

    await waitForEvent(to, (e) => e.body.type === 'document.deleted' && e.body.data.id === documentId, 'document.deleted');
    // Its memories' deletion is in the same transaction, written after it: it arrives next.
    await waitForEvent(to, (e) => e.body.type === 'memory.deleted', 'memory.deleted');
    const events = to.delivered();
    const key = (e: ReceivedEvent) => `${e.body.type} ${e.body.data.id}`;
    const keys = events.map(key);
    const expected = [
      `memory.created ${first}`,
      `memory.updated ${second}`,
      `memory.superseded ${first}`,
      `memory.forgotten ${second}`,
      `document.queued ${added.body.id}`,
      `document.done ${added.body.id}`,
      `document.deleted ${documentId}`,
    ];
    const positions = expected.map((k) => keys.indexOf(k));
    expect(
      positions.every((p) => p >= 0),
      `${keys.join('\n')}`,
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(keys.indexOf(`document.deleted ${documentId}`)).toBeLessThan(keys.findIndex((k) => k.startsWith('memory.deleted')));

    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    for (const event of events) {
      expect(event.verifiedWith).toEqual([endpoint.secret]);
      expect(event.id).toBe(event.body.id);
      expect(Math.abs(event.timestamp - Date.now() / 1000)).toBeLessThan(300);
      expect(event.body.containerTag).toBe('wh-events');
      expect(event.body.organization).toEqual(expect.any(String));
    }
    expect(events.some((e) => JSON.stringify(e.body).includes('cello'))).toBe(false);
    const updatedEvent = events.find((e) => key(e) === `memory.updated ${second}`)!;
    expect(updatedEvent.body.data).toMatchObject({ memory: 'Mira lives in Porto.', version: 2, parentMemoryId: first, rootMemoryId: first });
    const supersededEvent = events.find((e) => key(e) === `memory.superseded ${first}`)!;
    expect(supersededEvent.body.data).toEqual({ id: first, version: 1, rootMemoryId: first, supersededBy: second });

    await expectDocumented(events);
    const deliveries = await server.request('GET', `/v3/webhooks/${endpoint.id}/deliveries`);
    expect(deliveries.status).toBe(200);
    expect(deliveries.body.deliveries.length).toBe(events.length);
    expect(deliveries.body.deliveries.every((d: { status: string; attempts: number }) => d.status === 'delivered' && d.attempts === 1)).toBe(true);
  });

  it('retries a receiver that answers 500 three times with backoff, delivers once more, and re-sends on request', async () => {
    const to = await receiver();
    to.answers = [500, 500, 500];
    const endpoint = await register(to, { eventTypes: ['document.queued'], containerTags: ['wh-retry'] });
    const firstDoc = await server.request('POST', '/v3/documents', { body: { containerTag: 'wh-retry', content: 'first' } });
    const first = await waitForEvent(to, (e) => e.body.data.id === firstDoc.body.id, 'the first event delivered');
    expect(to.received.map((r) => r.answered)).toEqual([500, 500, 500, 200]);
    expect(new Set(to.received.map((r) => r.id))).toEqual(new Set([first.id]));

    // A later event arrives after it, and the first is not sent again.
    const secondDoc = await server.request('POST', '/v3/documents', { body: { containerTag: 'wh-retry', content: 'second' } });
    await waitForEvent(to, (e) => e.body.data.id === secondDoc.body.id, 'the second event');
    expect(to.received.length).toBe(5);

    const deliveries = (await server.request('GET', `/v3/webhooks/${endpoint.id}/deliveries`)).body.deliveries;
    const firstDelivery = deliveries.find((d: { eventId: string }) => d.eventId === first.id);
    expect(firstDelivery).toMatchObject({ status: 'delivered', attempts: 4, lastStatus: 200, eventType: 'document.queued' });

    const resent = await server.request('POST', `/v3/webhooks/${endpoint.id}/deliveries/${firstDelivery.id}/resend`);
    expect(resent.status).toBe(202);
    expect(resent.body).toMatchObject({ status: 'pending', eventId: first.id });
    await waitFor(async () => (to.delivered().length === 3 ? true : undefined), 20_000, 'the re-sent event');
    expect(to.delivered()[2].id).toBe(first.id);
  });

  it('emits nothing for a change that is rolled back', async () => {
    const to = await receiver();
    await register(to, { eventTypes: ['document.queued'], containerTags: ['wh-rollback'] });
    const { db } = server.app.database;
    const org = await findOrgByName(db, 'default');
    let rolledBack = '';
    await expect(
      db.transaction(async (tx) => {
        const doc = await insertQueuedDocument(
          tx,
          systemClock,
          3,
          { orgId: org!.id, containerTag: 'wh-rollback' },
          { source: 'never committed', type: 'text' },
        );
        rolledBack = doc.id;
        throw new Error('the change fails after its event was written');
      }),
    ).rejects.toThrow('the change fails');
    expect(rolledBack).not.toBe('');

    const committed = await server.request('POST', '/v3/documents', { body: { containerTag: 'wh-rollback', content: 'committed' } });
    await waitForEvent(to, (e) => e.body.data.id === committed.body.id, 'the committed change');
    expect(to.received.map((r) => r.body.data.id)).toEqual([committed.body.id]);
    const stored = await queryRows<{ n: number | string }>(db, sql`select count(*) as n from webhook_events where data->>'id' = ${rolledBack}`);
    expect(Number(stored[0].n)).toBe(0);
  });

  it('signs with both secrets during a rotation grace, and with the new one only after', async () => {
    const to = await receiver();
    const endpoint = await register(to, { eventTypes: ['document.queued'], containerTags: ['wh-rotate'] });
    const rotated = await server.request('POST', `/v3/webhooks/${endpoint.id}/rotate-secret`, { body: { graceSeconds: 3600 } });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(endpoint.secret);
    expect(rotated.body.previousSecretExpiresAt).toEqual(expect.any(String));
    to.secrets = [endpoint.secret, rotated.body.secret];
    const a = await server.request('POST', '/v3/documents', { body: { containerTag: 'wh-rotate', content: 'during the grace' } });
    const during = await waitForEvent(to, (e) => e.body.data.id === a.body.id, 'an event during the grace');
    expect(during.verifiedWith).toEqual([endpoint.secret, rotated.body.secret]);

    const again = await server.request('POST', `/v3/webhooks/${endpoint.id}/rotate-secret`, { body: { graceSeconds: 0 } });
    to.secrets = [endpoint.secret, rotated.body.secret, again.body.secret];
    const b = await server.request('POST', '/v3/documents', { body: { containerTag: 'wh-rotate', content: 'after it' } });
    const after = await waitForEvent(to, (e) => e.body.data.id === b.body.id, 'an event after the grace');
    expect(after.verifiedWith).toEqual([again.body.secret]);
  });
  it('does not hold ingest while a receiver hangs (the delivery waits in its own slot)', async () => {
    const to = await receiver();
    to.answers = Array.from({ length: 10 }, () => 'hang' as const);
    const endpoint = await register(to, { eventTypes: ['document.queued', 'document.done'], containerTags: ['wh-hang'] });
    const started = performance.now();
    const added = await server.request('POST', '/v3/documents', { body: { containerTag: 'wh-hang', content: 'Ingested while the receiver hangs.' } });
    await waitFor(async () => (to.received.length === 1 ? true : undefined), 20_000, 'the hanging request');
    const done = await waitForDocument(server, added.body.id);
    expect(done.status).toBe('done');
    // Still within the 10 s the receiver is given: its request is open, its delivery pending.
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(to.received.map((r) => r.answered)).toEqual(['hung']);
    const [queued] = (await server.request('GET', `/v3/webhooks/${endpoint.id}/deliveries`)).body.deliveries.slice(-1);
    expect(queued).toMatchObject({ status: 'pending', attempts: 0, eventType: 'document.queued' });
  });
  it("sends a tag's profile changes and a merge of tags (to endpoints of the target and of the sources), each once, in order", async () => {
    const to = await receiver();
    const endpoint = await register(to, { eventTypes: ['profile.changed', 'container_tag.merged'], containerTags: ['wh-prof-a', 'wh-prof-b'] });
    const sourceOnly = await receiver();
    const sourceEndpoint = await register(sourceOnly, { eventTypes: ['container_tag.merged', 'profile.changed'], containerTags: ['wh-prof-a'] });

    const a = await server.request('POST', '/v4/memories', { body: { containerTag: 'wh-prof-a', memories: [{ content: 'Mira lives in Lisbon.' }] } });
    expect(a.status).toBe(201);
    await waitForEvent(to, (e) => e.body.type === 'profile.changed' && e.body.containerTag === 'wh-prof-a', 'the profile of wh-prof-a');
    const b = await server.request('POST', '/v4/memories', { body: { containerTag: 'wh-prof-b', memories: [{ content: 'Tomas plays the cello.' }] } });
    expect(b.status).toBe(201);
    await waitForEvent(to, (e) => e.body.type === 'profile.changed' && e.body.containerTag === 'wh-prof-b', 'the profile of wh-prof-b');
    await waitForDocument(server, a.body.documentId);
    await waitForDocument(server, b.body.documentId);

    const merge = await server.request('POST', '/v3/container-tags/merge', {
      body: { containerTags: ['wh-prof-a', 'wh-prof-b'], targetContainerTag: 'wh-prof-b' },
    });
    expect(merge.status).toBe(202);
    const merged = await waitForEvent(to, (e) => e.body.type === 'container_tag.merged', 'container_tag.merged');
    expect(merged.body.containerTag).toBe('wh-prof-b');
    expect(merged.body.data).toMatchObject({ mergeId: merge.body.mergeId, containerTag: 'wh-prof-b', sourceTags: ['wh-prof-a'], moved: { memories: 1 } });
    const after = await waitForEvent(
      to,
      (e) => e.body.type === 'profile.changed' && e.body.data.staticCount + e.body.data.dynamicCount === 2,
      'the merged profile',
    );
    expect(after.body.containerTag).toBe('wh-prof-b');
    // An endpoint limited to a source tag learns where its tag went.
    const toSource = await waitForEvent(sourceOnly, (e) => e.body.type === 'container_tag.merged', 'container_tag.merged at the source');
    expect(toSource.id).toBe(merged.id);

    // Nothing else arrives: the rebuilds that find the same lines (the documents' ingest) announce nothing.
    const marker = await server.request('POST', '/v4/memories', { body: { containerTag: 'wh-prof-b', memories: [{ content: 'Tomas has a red bicycle.' }] } });
    expect(marker.status).toBe(201);
    await waitForEvent(
      to,
      (e) => e.body.type === 'profile.changed' && e.body.data.staticCount + e.body.data.dynamicCount === 3,
      'the profile after another memory',
    );
    const keys = to.delivered().map((e) => `${e.body.type} ${e.body.containerTag} ${e.body.data.staticCount ?? ''}${e.body.data.dynamicCount ?? ''}`);
    const kinds = to.delivered().map((e) => `${e.body.type} ${e.body.containerTag}`);
    expect(kinds, keys.join('\n')).toEqual([
      'profile.changed wh-prof-a',
      'profile.changed wh-prof-b',
      'container_tag.merged wh-prof-b',
      'profile.changed wh-prof-b',
      'profile.changed wh-prof-b',
    ]);
    expect(sourceOnly.delivered().map((e) => `${e.body.type} ${e.body.containerTag}`)).toEqual(['profile.changed wh-prof-a', 'container_tag.merged wh-prof-b']);
    const events = [...to.delivered(), ...sourceOnly.delivered()];
    expect(new Set(to.delivered().map((e) => e.id)).size).toBe(to.delivered().length);
    for (const event of to.delivered()) expect(event.verifiedWith).toEqual([endpoint.secret]);
    for (const event of sourceOnly.delivered()) expect(event.verifiedWith).toEqual([sourceEndpoint.secret]);
    await expectDocumented(events);
  });

  it('names the profile lines a change added and removed: a memory added, then updated', async () => {
    const tag = 'wh-prof-lines';
    const to = await receiver();
    await register(to, { eventTypes: ['profile.changed'], containerTags: [tag] });
    type Line = { id: string; memory: string };
    type Part = { added: Line[]; removed: Line[]; moreAdded: number; moreRemoved: number };
    const parts = (e: ReceivedEvent): Part[] => [e.body.data.static, e.body.data.dynamic, ...Object.values(e.body.data.buckets as Record<string, Part>)];
    const added = (e: ReceivedEvent) => parts(e).flatMap((p) => p.added);
    const removed = (e: ReceivedEvent) => parts(e).flatMap((p) => p.removed);

    const written = await server.request('POST', '/v4/memories', { body: { containerTag: tag, memories: [{ content: 'Ana lives in Faro.' }] } });
    expect(written.status).toBe(201);
    const first = written.body.memories[0].id as string;
    const gained = await waitForEvent(to, (e) => added(e).some((line) => line.id === first), 'the profile naming the added line');
    expect(added(gained)).toEqual([{ id: first, memory: expect.stringContaining('Ana lives in Faro.') }]);
    expect(removed(gained)).toEqual([]);
    expect(parts(gained).every((p) => p.moreAdded === 0 && p.moreRemoved === 0)).toBe(true);
    expect(gained.body.data.staticCount + gained.body.data.dynamicCount).toBe(1);
    await waitForDocument(server, written.body.documentId);

    const updated = await server.request('PATCH', '/v4/memories', { body: { containerTag: tag, id: first, newContent: 'Ana lives in Evora.' } });
    expect(updated.status).toBe(200);
    const second = updated.body.id as string;
    const changed = await waitForEvent(to, (e) => removed(e).some((line) => line.id === first), 'the profile naming the removed line');
    expect(removed(changed)).toEqual([{ id: first, memory: expect.stringContaining('Ana lives in Faro.') }]);
    expect(added(changed)).toEqual([{ id: second, memory: expect.stringContaining('Ana lives in Evora.') }]);
    // Nothing between: a rebuild that finds the same lines announces nothing.
    expect(to.delivered().map((e) => e.id)).toEqual([gained.id, changed.id]);
    await expectDocumented(to.delivered());
  });

  it('announces an import once it completes, as one container_tag.imported (and the profile it restored), not an event per record', async () => {
    const written = await server.request('POST', '/v4/memories', {
      body: { containerTag: 'wh-imp-src', memories: [{ content: 'Ines works as a nurse.' }, { content: 'Ines lives in Braga.' }] },
    });
    expect(written.status).toBe(201);
    await waitForDocument(server, written.body.documentId);
    const file = (await exportText(server, 'wh-imp-src', { embeddings: true })).body as string;
    const to = await receiver();
    const endpoint = await register(to, {
      eventTypes: ['container_tag.imported', 'profile.changed', 'document.queued', 'memory.created'],
      containerTags: ['wh-imp-copy'],
    });

    expect((await importText(server, 'wh-imp-copy', file)).status).toBe(200);
    const imported = await waitForEvent(to, (e) => e.body.type === 'container_tag.imported', 'container_tag.imported');
    expect(imported.body.containerTag).toBe('wh-imp-copy');
    expect(imported.body.data).toMatchObject({
      containerTag: 'wh-imp-copy',
      counts: { documents: 1, memories: 2 },
      inserted: { documents: 1, memories: 2 },
      reembedded: false,
    });
    // The same file again adds nothing: announced, with nothing inserted.
    expect((await importText(server, 'wh-imp-copy', file)).status).toBe(200);
    const again = await waitForEvent(to, (e) => e.body.type === 'container_tag.imported' && e.id !== imported.id, 'the second import');
    expect(again.body.data.inserted).toEqual({ documents: 0, chunks: 0, memories: 0 });

    const kinds = to.delivered().map((e) => e.body.type);
    const restored = parseLines(file).some((l) => l.kind === 'profile' && l.staticEntries.length + l.dynamicEntries.length > 0);
    expect(kinds).toEqual(
      restored ? ['container_tag.imported', 'profile.changed', 'container_tag.imported'] : ['container_tag.imported', 'container_tag.imported'],
    );
    for (const event of to.delivered()) expect(event.verifiedWith).toEqual([endpoint.secret]);
    await expectDocumented(to.delivered());
  });

  // Last: it empties the organization.
  it("sends a connection's creation, its sync's end with the counts, its deletion with its tag's, and an organization's reset", async () => {
    const site = await FakeWebsite.start({ crawlDelaySeconds: 0 });
    try {
      const to = await receiver();
      await register(to, {
        eventTypes: ['connection.created', 'connection.synced', 'connection.failed', 'connection.deleted', 'container_tag.deleted', 'organization.reset'],
        containerTags: ['wh-conn'],
      });
      const created = await server.request('POST', '/v3/connections/web-crawler', {
        body: { containerTag: 'wh-conn', metadata: { startUrl: site.url('/'), maxPages: 5, maxDepth: 1 } },
      });
      expect(created.status).toBe(200);
      const id = created.body.id as string;
      const synced = await waitForEvent(to, (e) => e.body.type === 'connection.synced', 'connection.synced');
      expect(synced.body.data).toMatchObject({ id, provider: 'web-crawler', run: { status: 'completed', itemsProcessed: expect.any(Number) } });
      expect(synced.body.data.run.itemsProcessed).toBeGreaterThan(0);

      expect((await server.request('DELETE', '/v3/container-tags/wh-conn')).status).toBe(200);
      await waitForEvent(to, (e) => e.body.type === 'container_tag.deleted', 'container_tag.deleted');
      expect((await server.request('POST', '/v3/settings/reset', { body: { confirmation: 'yes' } })).status).toBe(200);
      const reset = await waitForEvent(to, (e) => e.body.type === 'organization.reset', 'organization.reset');
      expect(reset.body.containerTag).toBeNull();

      const events = to.delivered();
      expect(events.map((e) => e.body.type)).toEqual([
        'connection.created',
        'connection.synced',
        'connection.deleted',
        'container_tag.deleted',
        'organization.reset',
      ]);
      expect(events.map((e) => e.body.data.id).slice(0, 3)).toEqual([id, id, id]);
      expect(events[3].body.data).toMatchObject({ containerTag: 'wh-conn', deletedDocumentsCount: synced.body.data.run.itemsProcessed });
      expect(events.every((e) => e.verifiedWith.length === 1)).toBe(true);
      await expectDocumented(events);
    } finally {
      await site.close();
    }
  });
});
