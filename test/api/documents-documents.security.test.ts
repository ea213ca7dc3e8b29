import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/errors.js';
import { seedMemory } from '../helpers/memories.js';
import { startTestServer, waitForDocument, type TestServer } from '../helpers/server.js';

const TAG = 'dwm_main';
const ids = (docs: { id: string }[]) => docs.map((d) => d.id);

describe('documents with their memories, by ids, and facets: authorization and isolation', () => {
  let server: TestServer;
  let otherOrgKey: string;
  let scopedKey: string;
  /** Three text documents in TAG, customIds c1..c3. */
  const docs: string[] = [];
  let scopedDoc: string;
  const memory: Record<string, string> = {};

  async function addDocument(body: Record<string, unknown>, key?: string): Promise<string> {
    const res = await server.request('POST', '/v3/documents', { key, body: { taskType: 'superrag', ...body } });
    expect(res.status).toBe(200);
    await waitForDocument(server, res.body.id, key);
    return res.body.id;
  }

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MAX: '1000' });
    otherOrgKey = await server.createKey({ orgName: 'dwm-other', role: 'admin' });
    scopedKey = await server.createKey({ containerTags: ['dwm_scoped'], permission: 'read' });
    for (const n of [1, 2, 3]) docs.push(await addDocument({ content: `Note number ${n}.`, containerTag: TAG, customId: `c${n}` }));
    await addDocument({ content: 'A web page stand-in.', containerTag: 'dwm_web' });
    scopedDoc = await addDocument({ content: 'Inside the scoped tag.', containerTag: 'dwm_scoped' });
    await seedMemory(server, { memory: 'Ana plays chess', containerTag: TAG }, { documentIds: [docs[0], docs[1]] });
    memory.scoped = (await seedMemory(server, { memory: 'Scoped memory', containerTag: 'dwm_scoped' }, { documentIds: [scopedDoc] })).id;
  });
  afterAll(async () => server?.close());

  it('answers 401 without a key or with an unknown one', async () => {
    for (const path of ['/v3/documents/documents', '/v3/documents/documents/by-ids', '/v3/documents/documents/facets']) {
      for (const key of [null, 'em_not_a_real_key']) expectError(await server.request('POST', path, { key, body: { ids: [docs[0]] } }), 401);
    }
  });

  it('shows another organization nothing', async () => {
    const pageRes = await server.request('POST', '/v3/documents/documents', { key: otherOrgKey, body: { containerTags: [TAG] } });
    expect(pageRes.body).toEqual({ documents: [], pagination: { currentPage: 1, limit: 10, totalItems: 0, totalPages: 0 } });
    const everything = await server.request('POST', '/v3/documents/documents', { key: otherOrgKey, body: {} });
    expect(everything.body.documents).toEqual([]);
    const byIds = await server.request('POST', '/v3/documents/documents/by-ids', { key: otherOrgKey, body: { ids: docs } });
    expect(byIds.body.documents).toEqual([]);
    const byCustomId = await server.request('POST', '/v3/documents/documents/by-ids', { key: otherOrgKey, body: { ids: ['c1'], by: 'customId' } });
    expect(byCustomId.body.documents).toEqual([]);
    const facets = await server.request('POST', '/v3/documents/documents/facets', { key: otherOrgKey, body: {} });
    expect(facets.body).toEqual({ facets: { source: [], status: [], type: [] }, total: 0 });
  });

  it('keeps a scoped key inside its container tags: 403 naming another tag, nothing of it otherwise', async () => {
    const own = await server.request('POST', '/v3/documents/documents', { key: scopedKey, body: {} });
    expect(own.status).toBe(200);
    expect(ids(own.body.documents)).toEqual([scopedDoc]);
    expect(ids(own.body.documents[0].memoryEntries)).toEqual([memory.scoped]);
    expectError(await server.request('POST', '/v3/documents/documents', { key: scopedKey, body: { containerTags: [TAG] } }), 403);

    const byIds = await server.request('POST', '/v3/documents/documents/by-ids', { key: scopedKey, body: { ids: [docs[0], scopedDoc] } });
    expect(ids(byIds.body.documents)).toEqual([scopedDoc]);
    expectError(await server.request('POST', '/v3/documents/documents/by-ids', { key: scopedKey, body: { ids: [docs[0]], containerTags: [TAG] } }), 403);

    const facets = await server.request('POST', '/v3/documents/documents/facets', { key: scopedKey, body: {} });
    expect(facets.body.total).toBe(1);
    expectError(await server.request('POST', '/v3/documents/documents/facets', { key: scopedKey, body: { containerTags: ['dwm_web'] } }), 403);
  });
});
