import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMemory } from '../helpers/memories.js';
import { startTestServer, waitFor, type ApiResponse, type TestServer } from '../helpers/server.js';
import { v5Contract, type V5Contract, contractRequest } from '../helpers/v5-contract.js';

/** GET /ns/{namespace}/memories/{id} against the published contract: one memory, its related graph and source document when asked for. */
describe('v5 memory: the published contract', () => {
  let server: TestServer;
  let contract: V5Contract;
  let documentId: string;
  const ids: Record<'v1' | 'v2' | 'v3' | 'extends', string> = { v1: '', v2: '', v3: '', extends: '' };

  const get = (path: string, key?: string): Promise<ApiResponse> =>
    contractRequest(server, contract, 'getNsByNamespaceMemoriesById', 'GET', path, key ? { key } : {});

  beforeAll(async () => {
    [server, contract] = await Promise.all([startTestServer(), v5Contract()]);
    const add = await server.request('POST', '/ns/mem_chain/document', {
      body: { content: 'Alice moved from Lisbon to Porto.', metadata: { source: 'chat' } },
    });
    expect(add.status).toBe(200);
    documentId = add.body.id;
    await waitFor(
      async () => (['done', 'failed'].includes((await server.request('GET', `/ns/mem_chain/document/${documentId}`)).body.system.status) ? true : undefined),
      30_000,
      'the document to finish',
    );
    const seeded = { containerTag: 'mem_chain' };
    const v1 = await seedMemory(server, { ...seeded, memory: 'Alice lives in Lisbon', isLatest: false }, { documentIds: [documentId] });
    const v2 = await seedMemory(server, {
      ...seeded,
      memory: 'Alice lives in Coimbra',
      isLatest: false,
      version: 2,
      parentMemoryId: v1.id,
      rootMemoryId: v1.id,
    });
    const v3 = await seedMemory(
      server,
      { ...seeded, memory: 'Alice lives in Porto', version: 3, parentMemoryId: v2.id, rootMemoryId: v1.id, metadata: { source: 'chat' } },
      { documentIds: [documentId] },
    );
    const extended = await seedMemory(server, { ...seeded, memory: 'Alice moved to Porto for a new job', relations: { [v3.id]: 'extends' } });
    Object.assign(ids, { v1: v1.id, v2: v2.id, v3: v3.id, extends: extended.id });
  });
  afterAll(async () => server?.close());

  it('answers the memory alone when nothing is asked for, with an object for metadata', async () => {
    const res = await get(`/ns/mem_chain/memories/${ids.v3}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: ids.v3,
      memory: 'Alice lives in Porto',
      metadata: { source: 'chat' },
      isLatest: true,
      isForgotten: false,
      version: 3,
    });
    expect(res.body).not.toHaveProperty('included');
    expect((await get(`/ns/mem_chain/memories/${ids.extends}`)).body.metadata).toEqual({});
  });

  it('includes the versions around it, nearest first, and the memories it extends, as search’s include.related', async () => {
    const latest = await get(`/ns/mem_chain/memories/${ids.v3}?include=related`);
    expect(latest.body.included.related.parents.map((r: { id: string }) => r.id)).toEqual([ids.v2, ids.v1]);
    expect(latest.body.included.related.parents[0]).toMatchObject({ relation: 'updates', version: -1, memory: 'Alice lives in Coimbra' });
    expect(latest.body.included.related.children).toEqual([]);
    const first = await get(`/ns/mem_chain/memories/${ids.v1}?include=related&relatedLimit=1`);
    expect(first.body).toMatchObject({ isLatest: false, version: 1 });
    expect(first.body.included.related.children.map((r: { id: string }) => r.id)).toEqual([ids.v2]);
    const extended = await get(`/ns/mem_chain/memories/${ids.extends}?include=related`);
    expect(extended.body.included.related).toMatchObject({ parents: [], children: [], siblings: [{ id: ids.v3, relation: 'extends' }] });
  });

  it('includes the source document, and each related memory’s with both (comma-separated)', async () => {
    const alone = await get(`/ns/mem_chain/memories/${ids.v3}?include=documents`);
    expect(alone.body.included).toEqual({ document: expect.objectContaining({ id: documentId, metadata: { source: 'chat' } }) });
    const both = await get(`/ns/mem_chain/memories/${ids.v3}?include=related,documents`);
    expect(both.body.included.document.id).toBe(documentId);
    const [v2, v1] = both.body.included.related.parents;
    expect(v2).not.toHaveProperty('document');
    expect(v1.document.id).toBe(documentId);
  });

  it('answers a memory of another namespace, an unknown one and one out of a scoped key’s reach 404, and bad input 400', async () => {
    expect((await server.request('POST', '/ns/mem_other/document', { body: { content: 'Another namespace.' } })).status).toBe(200);
    expect((await get(`/ns/mem_other/memories/${ids.v3}`)).status).toBe(404);
    expect((await get('/ns/mem_chain/memories/nosuchmemory')).status).toBe(404);
    const key = await server.createKey({ containerTags: ['mem_other'], permission: 'read' });
    expect((await get(`/ns/mem_chain/memories/${ids.v3}`, key)).status).toBe(404);
    expect((await get(`/ns/mem_other/memories/${ids.v3}`, key)).status).toBe(404);
    for (const query of ['include=everything', 'relatedLimit=0', 'relatedLimit=101']) {
      const res = await get(`/ns/mem_chain/memories/${ids.v3}?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.success).toBe(false);
    }
  });
});
