import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMemory } from '../helpers/memories.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('memories: list, forget, review', () => {
  let server: TestServer;
  let otherOrgKey: string;

  beforeAll(async () => {
    server = await startTestServer();
    otherOrgKey = await server.createKey({ orgName: 'memories-other' });
  });
  afterAll(async () => server?.close());

  it('lists latest versions with their history and source documents', async () => {
    const doc = await server.request('POST', '/v3/documents', { body: { content: 'Alex works at Stripe.', containerTag: 'alex' } });
    const v1 = await seedMemory(server, { memory: 'Alex works at Stripe', containerTag: 'alex', isLatest: false, metadata: { team: 'a' } }, { documentIds: [doc.body.id] });
    const v2 = await seedMemory(server, {
      memory: 'Alex works at Plaid',
      containerTag: 'alex',
      version: 2,
      parentMemoryId: v1.id,
      rootMemoryId: v1.id,
      relations: { [v1.id]: 'updates' },
      metadata: { team: 'b' },
    });
    const other = await seedMemory(server, { memory: 'Alex likes climbing', containerTag: 'alex', isStatic: true, metadata: { team: 'a' } });

    const res = await server.request('POST', '/v4/memories/list', { body: { containerTags: ['alex'], order: 'asc' } });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ currentPage: 1, limit: 10, totalItems: 2, totalPages: 1 });
    const [latest, climbing] = res.body.memoryEntries;
    expect(latest).toMatchObject({ id: v2.id, memory: 'Alex works at Plaid', version: 2, isLatest: true, parentMemoryId: v1.id, rootMemoryId: v1.id });
    expect(latest.memoryRelations).toEqual({ [v1.id]: 'updates' });
    expect(latest.history).toEqual([expect.objectContaining({ id: v1.id, version: 1, isLatest: false })]);
    expect(latest.documentIds).toEqual([doc.body.id]);
    expect(typeof latest.spaceId).toBe('string');
    expect(climbing).toMatchObject({ id: other.id, isStatic: true, history: [], documentIds: [] });

    const filtered = await server.request('POST', '/v4/memories/list', {
      body: { containerTag: 'alex', filters: { AND: [{ key: 'team', value: 'a' }] } },
    });
    expect(filtered.body.memoryEntries.map((m: { id: string }) => m.id)).toEqual([other.id]);

    const paged = await server.request('POST', '/v4/memories/list', { body: { containerTags: ['alex'], limit: 1, page: 2, order: 'asc' } });
    expect(paged.body.memoryEntries.map((m: { id: string }) => m.id)).toEqual([other.id]);

    const source = await server.request('GET', `/v3/documents/${doc.body.id}`);
    expect(source.body.memories).toEqual([expect.objectContaining({ id: v1.id, memory: 'Alex works at Stripe', isLatest: false, version: 1 })]);
    const unrelated = await server.request('POST', '/v3/documents', { body: { content: 'no memories here', containerTag: 'alex' } });
    expect((await server.request('GET', `/v3/documents/${unrelated.body.id}`)).body.memories).toBeUndefined();
  });

  it('forgets by id or exact content: 404 unknown, 409 already forgotten', async () => {
    const m = await seedMemory(server, { memory: 'Exam on Friday', containerTag: 'forget_tag' });
    const res = await server.request('DELETE', '/v4/memories', { body: { containerTag: 'forget_tag', id: m.id, reason: 'passed' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: m.id, forgotten: true });
    const again = await server.request('DELETE', '/v4/memories', { body: { containerTag: 'forget_tag', id: m.id } });
    expect(again.status).toBe(409);
    expect(again.headers.get('x-should-retry')).toBe('false');
    const listed = await server.request('POST', '/v4/memories/list', { body: { containerTags: ['forget_tag'] } });
    expect(listed.body.memoryEntries[0]).toMatchObject({ isForgotten: true, forgetReason: 'passed' });

    const byContent = await seedMemory(server, { memory: 'Likes green tea', containerTag: 'forget_tag' });
    const res2 = await server.request('DELETE', '/v4/memories', { body: { containerTag: 'forget_tag', content: 'Likes green tea' } });
    expect(res2.body).toEqual({ id: byContent.id, forgotten: true });

    expect((await server.request('DELETE', '/v4/memories', { body: { containerTag: 'forget_tag', id: 'NoSuchMemory0000000000' } })).status).toBe(404);
    expect((await server.request('DELETE', '/v4/memories', { body: { containerTag: 'other_tag', id: byContent.id } })).status).toBe(404);
  });

  it('rejects bad input with 400 and the error shape', async () => {
    const cases: [string, string, unknown][] = [
      ['DELETE', '/v4/memories', { containerTag: 'x' }],
      ['DELETE', '/v4/memories', { id: 'abc' }],
      ['DELETE', '/v4/memories', { containerTag: 'bad tag', id: 'a' }],
      ['POST', '/v4/memories/list', {}],
      ['POST', '/v4/memories/list', { containerTags: ['a'], limit: 5000 }],
      ['POST', '/v4/memories/list', { containerTags: ['a'], filters: { AND: [{ key: 'k' }] } }],
      ['POST', '/v3/container-tags/x/inferred/abc/review', { action: 'maybe' }],
    ];
    for (const [method, path, body] of cases) {
      const res = await server.request(method, path, { body });
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
  });

  it('reviews inferred memories: approve, undo, decline, and refuses the unreviewable', async () => {
    const a = await seedMemory(server, { memory: 'Sam runs every morning', containerTag: 'sam' });
    const b = await seedMemory(server, { memory: 'Sam signed up for a marathon', containerTag: 'sam' });
    const inferred = await seedMemory(server, {
      memory: 'Sam is training for an endurance race',
      containerTag: 'sam',
      isInference: true,
      relations: { [a.id]: 'derives', [b.id]: 'derives' },
    });
    const list = await server.request('GET', '/v3/container-tags/sam/inferred');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 1, memories: [{ id: inferred.id, parentCount: 2 }] });

    const path = `/v3/container-tags/sam/inferred/${inferred.id}/review`;
    const approve = await server.request('POST', path, { body: { action: 'approve' } });
    expect(approve.body).toEqual({ id: inferred.id, isInference: false, isForgotten: false, reviewStatus: 'approved' });
    expect((await server.request('GET', '/v3/container-tags/sam/inferred')).body.total).toBe(0);
    expect((await server.request('POST', path, { body: { action: 'approve' } })).status).toBe(409);

    const undo = await server.request('POST', path, { body: { action: 'undo' } });
    expect(undo.body).toEqual({ id: inferred.id, isInference: true, isForgotten: false, reviewStatus: null });
    expect((await server.request('POST', path, { body: { action: 'undo' } })).status).toBe(409);

    const decline = await server.request('POST', path, { body: { action: 'decline' } });
    expect(decline.body).toEqual({ id: inferred.id, isInference: true, isForgotten: true, reviewStatus: 'declined' });

    expect((await server.request('POST', `/v3/container-tags/sam/inferred/${a.id}/review`, { body: { action: 'approve' } })).status).toBe(409);
    expect((await server.request('POST', '/v3/container-tags/sam/inferred/NoSuchMemory0000000000/review', { body: { action: 'approve' } })).status).toBe(404);
    expect((await server.request('GET', '/v3/container-tags/unknown_tag/inferred')).body).toEqual({ memories: [], total: 0 });
  });

  it("keeps other organizations' memories out of reach", async () => {
    const m = await seedMemory(server, { memory: 'Private fact', containerTag: 'iso' });
    const list = await server.request('POST', '/v4/memories/list', { key: otherOrgKey, body: { containerTags: ['iso'] } });
    expect(list.body.memoryEntries).toEqual([]);
    expect((await server.request('DELETE', '/v4/memories', { key: otherOrgKey, body: { containerTag: 'iso', id: m.id } })).status).toBe(404);
    const readOnly = await server.createKey({ permission: 'read' });
    expect((await server.request('DELETE', '/v4/memories', { key: readOnly, body: { containerTag: 'iso', id: m.id } })).status).toBe(403);
  });
});
