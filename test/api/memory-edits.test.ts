import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('memories: update versions and forget-matching', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  async function write(containerTag: string, memories: unknown[]) {
    const res = await server.request('POST', '/v4/memories', { body: { containerTag, memories } });
    expect(res.status).toBe(201);
    return res.body.memories as { id: string; memory: string }[];
  }

  async function search(containerTag: string, q: string, include: Record<string, boolean> = {}) {
    const res = await server.request('POST', '/v4/search', { body: { q, containerTag, searchMode: 'memories', threshold: 0, include } });
    expect(res.status).toBe(200);
    return res.body.results.map((r: { memory: string }) => r.memory) as string[];
  }

  it('PATCH stores a new version, inherits what it is not given, and search sees only the latest', async () => {
    const [jo] = await write('edit_tag', [{ content: 'Jo lives in Paris', metadata: { source: 'chat' }, forgetAfter: '2099-01-01T00:00:00.000Z', forgetReason: 'lease ends' }]);
    const res = await server.request('PATCH', '/v4/memories', { body: { containerTag: 'edit_tag', id: jo.id, newContent: 'Jo lives in Berlin' } });
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

    const list = await server.request('POST', '/v4/memories/list', { body: { containerTags: ['edit_tag'] } });
    expect(list.body.memoryEntries).toHaveLength(1);
    expect(list.body.memoryEntries[0].history).toEqual([expect.objectContaining({ id: jo.id, version: 1, isLatest: false })]);

    const found = await search('edit_tag', 'Where does Jo live?');
    expect(found).toContain('Jo lives in Berlin');
    expect(found).not.toContain('Jo lives in Paris');

    const cleared = await server.request('PATCH', '/v4/memories', {
      body: { containerTag: 'edit_tag', content: 'Jo lives in Berlin', newContent: 'Jo lives in Berlin-Mitte', forgetAfter: null },
    });
    expect(cleared.body).toMatchObject({ version: 3, rootMemoryId: jo.id, forgetAfter: null, forgetReason: null });

    const stale = await server.request('PATCH', '/v4/memories', { body: { containerTag: 'edit_tag', id: jo.id, newContent: 'x' } });
    expect(stale.status).toBe(409);
    expect(stale.headers.get('x-should-retry')).toBe('false');
  });

  it('PATCH rejects bad input and unknown memories', async () => {
    const cases: [unknown, number][] = [
      [{ containerTag: 'edit_tag', id: 'NoSuchMemory0000000000', newContent: 'x' }, 404],
      [{ containerTag: 'edit_tag', newContent: 'x' }, 400],
      [{ containerTag: 'edit_tag', id: 'a' }, 400],
      [{ containerTag: 'edit_tag', id: 'a', newContent: '   ' }, 400],
      [{ containerTag: 'edit_tag', id: 'a', newContent: 'x', forgetAfter: 'someday' }, 400],
      [{ id: 'a', newContent: 'x' }, 400],
    ];
    for (const [body, status] of cases) {
      const res = await server.request('PATCH', '/v4/memories', { body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(typeof res.body.error).toBe('string');
    }
  });

  it('forget-matching previews with dryRun, then forgets with a batch id; forgotten memories leave search', async () => {
    const written = await write('forget_match', [
      { content: 'Riley adopted a rescue dog named Biscuit' },
      { content: 'Riley walks Biscuit the dog every morning' },
      { content: 'Riley works as an accountant in Leeds' },
    ]);
    const preview = await server.request('POST', '/v4/memories/forget-matching', {
      body: { containerTag: 'forget_match', query: 'Riley dog Biscuit', dryRun: true, threshold: 0.5 },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.dryRun).toBe(true);
    expect(preview.body.forgetBatchId).toBeNull();
    const previewIds = preview.body.candidates.map((c: { id: string }) => c.id);
    expect(previewIds).toEqual(expect.arrayContaining([written[0].id, written[1].id]));
    expect(previewIds).not.toContain(written[2].id);
    expect(preview.body.count).toBe(previewIds.length);
    expect(await search('forget_match', 'Biscuit the dog')).toContain('Riley adopted a rescue dog named Biscuit');

    const applied = await server.request('POST', '/v4/memories/forget-matching', {
      body: { containerTag: 'forget_match', query: 'Riley dog Biscuit', threshold: 0.5, dryRun: false, reason: 'user asked' },
    });
    expect(applied.body).toMatchObject({ dryRun: false, count: previewIds.length });
    expect(applied.body.forgetBatchId).toMatch(/^[0-9A-Za-z]{22}$/);
    const list = await server.request('POST', '/v4/memories/list', { body: { containerTags: ['forget_match'] } });
    const dog = list.body.memoryEntries.find((m: { id: string }) => m.id === written[0].id);
    expect(dog).toMatchObject({ isForgotten: true, forgetReason: 'user asked', metadata: { forgetBatchId: applied.body.forgetBatchId } });

    const visible = await search('forget_match', 'Biscuit the dog');
    expect(visible).not.toContain('Riley adopted a rescue dog named Biscuit');
    expect(await search('forget_match', 'Biscuit the dog', { forgottenMemories: true })).toContain('Riley adopted a rescue dog named Biscuit');

    const byIds = await server.request('POST', '/v4/memories/forget-matching', {
      body: { containerTag: 'forget_match', ids: [written[2].id, 'NoSuchMemory0000000000'] },
    });
    expect(byIds.body).toMatchObject({ count: 1, forgotten: [{ id: written[2].id, score: 1 }] });
  });

  it('hides expired memories from search unless forgotten ones are asked for', async () => {
    await write('expiry', [{ content: 'Casey has a dentist appointment', forgetAfter: '2001-01-01T00:00:00.000Z' }]);
    expect(await search('expiry', 'dentist appointment')).toEqual([]);
    expect(await search('expiry', 'dentist appointment', { forgottenMemories: true })).toEqual(['Casey has a dentist appointment']);
  });

  it('forget-matching rejects bad input', async () => {
    for (const body of [
      { containerTag: 'x' },
      { containerTag: 'x', query: 'a', ids: ['b'] },
      { containerTag: 'x', query: '' },
      { containerTag: 'x', ids: [] },
      { containerTag: 'x', query: 'a', maxForget: 501 },
      { containerTag: 'x', query: 'a', threshold: 1.5 },
    ]) {
      const res = await server.request('POST', '/v4/memories/forget-matching', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
});
