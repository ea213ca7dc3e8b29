import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DocumentView,
  ForgetMatchingAnswer,
  MemoriesCreated,
  MemoryForgotten,
  MemoryList,
  MemoryUpdated,
  SearchAnswer,
  WriteAnswer,
} from '../helpers/api-types.js';
import { seedMemory } from '../helpers/memories.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('memories: happy paths', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  async function write(containerTag: string, memories: unknown[]) {
    const res = await server.request<MemoriesCreated>('POST', '/v4/memories', { body: { containerTag, memories } });
    expect(res.status).toBe(201);
    return res.body.memories;
  }

  async function search(containerTag: string, q: string, include: Record<string, boolean> = {}) {
    const res = await server.request<SearchAnswer>('POST', '/v4/search', { body: { q, containerTag, searchMode: 'memories', threshold: 0, include } });
    expect(res.status).toBe(200);
    return res.body.results.map((r) => r.memory);
  }

  it('answers 201 with the created memories and a lightweight source document', async () => {
    const res = await server.request<MemoriesCreated>('POST', '/v4/memories', {
      body: {
        containerTag: 'user_ana',
        memories: [
          { content: 'Ana works as a nurse at the city hospital', isStatic: true, metadata: { topic: 'work', since: 2019 } },
          {
            content: 'Ana has a dentist appointment on Friday',
            forgetAfter: '2099-01-01T00:00:00.000Z',
            forgetReason: 'appointment passes',
            temporalContext: { documentDate: '2024-05-02', eventDate: ['2024-05-03'] },
          },
        ],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.documentId).toMatch(/^[0-9A-Za-z]{22}$/);
    expect(res.body.memories).toHaveLength(2);
    const [nurse, dentist] = res.body.memories;
    expect(nurse).toEqual({
      id: expect.stringMatching(/^[0-9A-Za-z]{22}$/),
      memory: 'Ana works as a nurse at the city hospital',
      isStatic: true,
      createdAt: expect.any(String),
      forgetAfter: null,
      forgetReason: null,
      metadata: { topic: 'work', since: 2019 },
    });
    expect(dentist).toMatchObject({ isStatic: false, forgetAfter: '2099-01-01T00:00:00.000Z', forgetReason: 'appointment passes', metadata: null });
    expect(new Date(nurse.createdAt).toISOString()).toBe(nurse.createdAt);

    const source = await server.request<DocumentView>('GET', `/v3/documents/${res.body.documentId}`);
    expect(source.status).toBe(200);
    // Titled by its first statement, as a text that states no title is.
    expect(source.body).toMatchObject({ status: 'done', containerTag: 'user_ana', title: 'Ana works as a nurse at the city hospital' });
    expect(source.body.content).toContain('Ana works as a nurse');
  });

  it('makes the memories searchable as soon as the call returns', async () => {
    const write = await server.request<MemoriesCreated>('POST', '/v4/memories', {
      body: { containerTag: 'user_ben', memories: [{ content: 'Ben keeps three beehives on his allotment' }] },
    });
    expect(write.status).toBe(201);
    const search = await server.request<SearchAnswer>('POST', '/v4/search', { body: { q: 'beehives', containerTag: 'user_ben', threshold: 0 } });
    expect(search.status).toBe(200);
    expect(search.body.results.map((r) => r.id)).toEqual([write.body.memories[0].id]);
    expect(search.body.results[0].memory).toBe('Ben keeps three beehives on his allotment');
  });

  it('writes 100 memories in one call, all searchable', async () => {
    const memories = Array.from({ length: 100 }, (_, i) => ({ content: `Observation number ${i} about the weather station ${i % 7}` }));
    const res = await server.request<MemoriesCreated>('POST', '/v4/memories', { body: { containerTag: 'station', memories } });
    expect(res.status).toBe(201);
    expect(res.body.memories).toHaveLength(100);
    expect(new Set(res.body.memories.map((m) => m.id)).size).toBe(100);
    const search = await server.request<SearchAnswer>('POST', '/v4/search', {
      body: { q: 'observation number 42', containerTag: 'station', threshold: 0, limit: 3 },
    });
    expect(search.body.results[0].memory).toBe('Observation number 42 about the weather station 0');
  });

  it('lists the written memories with their source document', async () => {
    const write = await server.request<MemoriesCreated>('POST', '/v4/memories', {
      body: { containerTag: 'user_cleo', memories: [{ content: 'Cleo speaks Portuguese and Greek' }] },
    });
    const list = await server.request<MemoryList>('POST', '/v4/memories/list', { body: { containerTags: ['user_cleo'] } });
    expect(list.status).toBe(200);
    expect(list.body.memoryEntries).toHaveLength(1);
    expect(list.body.memoryEntries[0]).toMatchObject({ id: write.body.memories[0].id, documentIds: [write.body.documentId], version: 1, isLatest: true });
  });

  it('lists latest versions with their history and source documents', async () => {
    // superrag: no extraction, so the memories listed are the ones seeded here.
    const doc = await server.request<WriteAnswer>('POST', '/v3/documents', {
      body: { content: 'Alex works at Stripe.', containerTag: 'alex', taskType: 'superrag' },
    });
    const v1 = await seedMemory(
      server,
      { memory: 'Alex works at Stripe', containerTag: 'alex', isLatest: false, metadata: { team: 'a' } },
      { documentIds: [doc.body.id] },
    );
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

    const res = await server.request<MemoryList>('POST', '/v4/memories/list', { body: { containerTags: ['alex'], order: 'asc' } });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ currentPage: 1, limit: 10, totalItems: 2, totalPages: 1 });
    const [latest, climbing] = res.body.memoryEntries;
    expect(latest).toMatchObject({ id: v2.id, memory: 'Alex works at Plaid', version: 2, isLatest: true, parentMemoryId: v1.id, rootMemoryId: v1.id });
    expect(latest.memoryRelations).toEqual({ [v1.id]: 'updates' });
    expect(latest.history).toEqual([expect.objectContaining({ id: v1.id, version: 1, isLatest: false })]);
    expect(latest.documentIds).toEqual([doc.body.id]);
    expect(typeof latest.spaceId).toBe('string');
    expect(climbing).toMatchObject({ id: other.id, isStatic: true, history: [], documentIds: [] });

    const filtered = await server.request<MemoryList>('POST', '/v4/memories/list', {
      body: { containerTag: 'alex', filters: { AND: [{ key: 'team', value: 'a' }] } },
    });
    expect(filtered.body.memoryEntries.map((m) => m.id)).toEqual([other.id]);

    const paged = await server.request<MemoryList>('POST', '/v4/memories/list', { body: { containerTags: ['alex'], limit: 1, page: 2, order: 'asc' } });
    expect(paged.body.memoryEntries.map((m) => m.id)).toEqual([other.id]);

    const source = await server.request<DocumentView>('GET', `/v3/documents/${doc.body.id}`);
    expect(source.body.memories).toEqual([expect.objectContaining({ id: v1.id, memory: 'Alex works at Stripe', isLatest: false, version: 1 })]);
    const unrelated = await server.request<WriteAnswer>('POST', '/v3/documents', { body: { content: 'no memories here', containerTag: 'alex' } });
    expect((await server.request<DocumentView>('GET', `/v3/documents/${unrelated.body.id}`)).body.memories).toBeUndefined();
  });

  it('PATCH stores a new version, inherits what it is not given, and search sees only the latest', async () => {
    const [jo] = await write('edit_tag', [
      { content: 'Jo lives in Paris', metadata: { source: 'chat' }, forgetAfter: '2099-01-01T00:00:00.000Z', forgetReason: 'lease ends' },
    ]);
    const res = await server.request<MemoryUpdated>('PATCH', '/v4/memories', {
      body: { containerTag: 'edit_tag', id: jo.id, newContent: 'Jo lives in Berlin' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      memory: 'Jo lives in Berlin',
      version: 2,
      parentMemoryId: jo.id,
      rootMemoryId: jo.id,
      forgetAfter: '2099-01-01T00:00:00.000Z',
      forgetReason: 'lease ends',
      metadata: { source: 'chat' },
    });
    expect(res.body.id).not.toBe(jo.id);

    const list = await server.request<MemoryList>('POST', '/v4/memories/list', { body: { containerTags: ['edit_tag'] } });
    expect(list.body.memoryEntries).toHaveLength(1);
    expect(list.body.memoryEntries[0].history).toEqual([expect.objectContaining({ id: jo.id, version: 1, isLatest: false })]);

    const found = await search('edit_tag', 'Where does Jo live?');
    expect(found).toContain('Jo lives in Berlin');
    expect(found).not.toContain('Jo lives in Paris');

    const cleared = await server.request<MemoryUpdated>('PATCH', '/v4/memories', {
      body: { containerTag: 'edit_tag', content: 'Jo lives in Berlin', newContent: 'Jo lives in Berlin-Mitte', forgetAfter: null },
    });
    expect(cleared.body).toMatchObject({ version: 3, rootMemoryId: jo.id, forgetAfter: null, forgetReason: null });

    const stale = await server.request<MemoryUpdated>('PATCH', '/v4/memories', { body: { containerTag: 'edit_tag', id: jo.id, newContent: 'x' } });
    expect(stale.status).toBe(409);
    expect(stale.headers.get('x-should-retry')).toBe('false');
  });

  it('forgets by id or exact content: 404 unknown, 409 already forgotten', async () => {
    const m = await seedMemory(server, { memory: 'Exam on Friday', containerTag: 'forget_tag' });
    const res = await server.request<MemoryForgotten>('DELETE', '/v4/memories', { body: { containerTag: 'forget_tag', id: m.id, reason: 'passed' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: m.id, forgotten: true });
    const again = await server.request<MemoryForgotten>('DELETE', '/v4/memories', { body: { containerTag: 'forget_tag', id: m.id } });
    expect(again.status).toBe(409);
    expect(again.headers.get('x-should-retry')).toBe('false');
    const listed = await server.request<MemoryList>('POST', '/v4/memories/list', { body: { containerTags: ['forget_tag'] } });
    expect(listed.body.memoryEntries[0]).toMatchObject({ isForgotten: true, forgetReason: 'passed' });

    const byContent = await seedMemory(server, { memory: 'Likes green tea', containerTag: 'forget_tag' });
    const res2 = await server.request<MemoryForgotten>('DELETE', '/v4/memories', { body: { containerTag: 'forget_tag', content: 'Likes green tea' } });
    expect(res2.body).toEqual({ id: byContent.id, forgotten: true });

    expect(
      (await server.request<MemoryForgotten>('DELETE', '/v4/memories', { body: { containerTag: 'forget_tag', id: 'NoSuchMemory0000000000' } })).status,
    ).toBe(404);
    expect((await server.request<MemoryForgotten>('DELETE', '/v4/memories', { body: { containerTag: 'other_tag', id: byContent.id } })).status).toBe(404);
  });

  it('forget-matching previews with dryRun, then forgets with a batch id; forgotten memories leave search', async () => {
    const written = await write('forget_match', [
      { content: 'Riley adopted a rescue dog named Biscuit' },
      { content: 'Riley walks Biscuit the dog every morning' },
      { content: 'Riley works as an accountant in Leeds' },
    ]);
    const preview = await server.request<ForgetMatchingAnswer>('POST', '/v4/memories/forget-matching', {
      body: { containerTag: 'forget_match', query: 'Riley dog Biscuit', dryRun: true, threshold: 0.5 },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.dryRun).toBe(true);
    expect(preview.body.forgetBatchId).toBeNull();
    const previewIds = preview.body.candidates!.map((c) => c.id);
    expect(previewIds).toEqual(expect.arrayContaining([written[0].id, written[1].id]));
    expect(previewIds).not.toContain(written[2].id);
    expect(preview.body.summary).toBe(`${previewIds.length} memories matching "Riley dog Biscuit" would be forgotten`);
    expect(preview.body.count).toBe(previewIds.length);
    expect(await search('forget_match', 'Biscuit the dog')).toContain('Riley adopted a rescue dog named Biscuit');

    const applied = await server.request<ForgetMatchingAnswer>('POST', '/v4/memories/forget-matching', {
      body: { containerTag: 'forget_match', query: 'Riley dog Biscuit', threshold: 0.5, dryRun: false, reason: 'user asked' },
    });
    expect(applied.body).toMatchObject({ dryRun: false, count: previewIds.length });
    expect(applied.body.forgetBatchId).toMatch(/^[0-9A-Za-z]{22}$/);
    const list = await server.request<MemoryList>('POST', '/v4/memories/list', { body: { containerTags: ['forget_match'] } });
    const dog = list.body.memoryEntries.find((m) => m.id === written[0].id);
    expect(dog).toMatchObject({ isForgotten: true, forgetReason: 'user asked', metadata: { forgetBatchId: applied.body.forgetBatchId } });

    const visible = await search('forget_match', 'Biscuit the dog');
    expect(visible).not.toContain('Riley adopted a rescue dog named Biscuit');
    expect(await search('forget_match', 'Biscuit the dog', { forgottenMemories: true })).toContain('Riley adopted a rescue dog named Biscuit');

    const byIds = await server.request<ForgetMatchingAnswer>('POST', '/v4/memories/forget-matching', {
      body: { containerTag: 'forget_match', ids: [written[2].id, 'NoSuchMemory0000000000'] },
    });
    expect(byIds.body).toMatchObject({ count: 1, forgotten: [{ id: written[2].id, score: 1 }], summary: '1 memory with the given ids forgotten' });
  });

  it('hides expired memories from search unless forgotten ones are asked for', async () => {
    await write('expiry', [{ content: 'Casey has a dentist appointment', forgetAfter: '2001-01-01T00:00:00.000Z' }]);
    expect(await search('expiry', 'dentist appointment')).toEqual([]);
    expect(await search('expiry', 'dentist appointment', { forgottenMemories: true })).toEqual(['Casey has a dentist appointment']);
  });
});
