import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMemories, selectRows } from '../helpers/seed-memories.js';
import { addIndexedDoc, chunksOf, memoriesIn } from '../helpers/tag-rows.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('container tags: happy paths', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('lists tags with document and live memory counts and last activity', async () => {
    await addIndexedDoc(server, { content: 'Alpha one', containerTag: 'list_alpha' });
    await addIndexedDoc(server, { content: 'Alpha two', containerTag: 'list_alpha' });
    await addIndexedDoc(server, { content: 'Default tag document' });
    const [old] = await seedMemories(server, [{ memory: 'Alpha fact v1', containerTag: 'list_alpha', isLatest: false }]);
    await seedMemories(server, [
      { memory: 'Alpha fact v2', containerTag: 'list_alpha', version: 2, parentMemoryId: old, rootMemoryId: old },
      { memory: 'Alpha other fact', containerTag: 'list_alpha' },
      { memory: 'Alpha forgotten', containerTag: 'list_alpha', isForgotten: true },
      { memory: 'Only a memory here', containerTag: 'list_memory_only' },
    ]);

    const res = await server.request('GET', '/v3/container-tags/list');
    expect(res.status).toBe(200);
    const byTag = Object.fromEntries(res.body.map((t: { containerTag: string }) => [t.containerTag, t]));
    expect(byTag.list_alpha).toMatchObject({
      containerTag: 'list_alpha',
      name: 'list_alpha',
      description: null,
      isExperimental: false,
      isNova: false,
      documentCount: 2,
      memoryCount: 2,
    });
    expect(Date.parse(byTag.list_alpha.lastActivityAt)).not.toBeNaN();
    expect(byTag.list_alpha.id).toMatch(/^[0-9A-Za-z]{22}$/);
    expect(byTag.list_alpha.mergeStatus).toBeUndefined();
    expect(byTag.sm_project_default).toMatchObject({ isNova: true, documentCount: 1, memoryCount: 0 });
    expect(byTag.list_memory_only).toMatchObject({ documentCount: 0, memoryCount: 1 });
  });

  it('reads a tag, and answers 404 for one that does not exist', async () => {
    await addIndexedDoc(server, { content: 'Read me', containerTag: 'read_me', entityContext: 'A reading list' });
    const res = await server.request('GET', '/v3/container-tags/read_me');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      containerTag: 'read_me',
      name: null,
      entityContext: 'A reading list',
      memoryFilesystemPaths: null,
      profileBuckets: [],
      documentCount: 1,
      memoryCount: 0,
    });
    for (const field of ['createdAt', 'updatedAt', 'lastActivityAt']) expect(Date.parse(res.body[field])).not.toBeNaN();
    const missing = await server.request('GET', '/v3/container-tags/never_written');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatch(/not found/i);
  });

  it('upserts tag settings with PATCH and keeps fields that are not sent', async () => {
    const created = await server.request('PATCH', '/v3/container-tags/brand_new', { body: { entityContext: null, name: 'Brand new' } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ containerTag: 'brand_new', name: 'Brand new', entityContext: null, profileBuckets: [] });
    expect(created.body.createdAt).toBeUndefined();

    const context = 'c'.repeat(1500);
    const buckets = [{ key: 'work', description: 'Job and career' }, { key: 'health-2' }];
    const updated = await server.request('PATCH', '/v3/container-tags/brand_new', {
      body: { entityContext: context, memoryFilesystemPaths: ['/notes/', '/journal/2024.md'], profileBuckets: buckets },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      name: 'Brand new',
      entityContext: context,
      memoryFilesystemPaths: ['/notes/', '/journal/2024.md'],
      profileBuckets: [
        { key: 'work', description: 'Job and career' },
        { key: 'health-2', description: '' },
      ],
    });

    const read = await server.request('GET', '/v3/container-tags/brand_new');
    expect(read.body).toMatchObject({ name: 'Brand new', entityContext: context, documentCount: 0, lastActivityAt: null });
    expect(read.body.profileBuckets).toHaveLength(2);

    const cleared = await server.request('PATCH', '/v3/container-tags/brand_new', { body: { name: null, profileBuckets: [] } });
    expect(cleared.body).toMatchObject({ name: null, entityContext: context, profileBuckets: [] });
    const list = await server.request('GET', '/v3/container-tags/list');
    expect(list.body.some((t: { containerTag: string }) => t.containerTag === 'brand_new')).toBe(true);
  });

  it('deletes a tag: documents and chunks go, with the memories drawn from them; the rest are forgotten, and the tag disappears', async () => {
    const a = await addIndexedDoc(server, { content: '# Doomed\n\nFirst doomed document.', containerTag: 'doomed' });
    const b = await addIndexedDoc(server, { content: 'Second doomed document.', containerTag: 'doomed', customId: 'doomed-2' });
    const keep = await addIndexedDoc(server, { content: 'A bystander in another tag.', containerTag: 'bystander' });
    const memoryIds = await seedMemories(server, [
      { memory: 'Doomed fact one', containerTag: 'doomed', documentIds: [a] },
      { memory: 'Doomed fact two', containerTag: 'doomed' },
      { memory: 'Already forgotten', containerTag: 'doomed', isForgotten: true },
      { memory: 'Bystander fact', containerTag: 'bystander' },
    ]);
    await server.request('PATCH', '/v3/container-tags/doomed', { body: { entityContext: 'doomed context' } });
    await selectRows(
      server,
      sql`insert into profiles (org_id, container_tag) select org_id, 'doomed' from spaces where container_tag = 'doomed' on conflict do nothing`,
    );

    const res = await server.request('DELETE', '/v3/container-tags/doomed');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, containerTag: 'doomed', deletedDocumentsCount: 2, deletedMemoriesCount: 2 });

    expect((await server.request('GET', `/v3/documents/${a}`)).status).toBe(404);
    expect((await server.request('GET', `/v3/documents/${b}`)).status).toBe(404);
    expect(await chunksOf(server, [a, b])).toEqual([]);
    // "Doomed fact one" was drawn from a deleted document: it goes with it. Memories no document supports stay, forgotten.
    const remaining = await memoriesIn(server, ['doomed']);
    expect(remaining.map((m) => m.id).sort()).toEqual(memoryIds.slice(1, 3).sort());
    expect(remaining.every((m) => m.is_forgotten)).toBe(true);
    expect(remaining.filter((m) => m.forget_reason === 'container tag deleted')).toHaveLength(1);

    expect((await server.request('GET', '/v3/container-tags/doomed')).status).toBe(404);
    expect(await selectRows(server, sql`select 1 from profiles where container_tag = 'doomed'`)).toEqual([]);
    const list = await server.request('GET', '/v3/container-tags/list');
    expect(list.body.some((t: { containerTag: string }) => t.containerTag === 'doomed')).toBe(false);
    expect((await server.request('GET', `/v3/documents/${keep}`)).status).toBe(200);
    expect((await memoriesIn(server, ['bystander']))[0].is_forgotten).toBe(false);

    // The tag can be written again from scratch.
    const again = await server.request('POST', '/v3/documents', { body: { content: 'Fresh start', containerTag: 'doomed', customId: 'doomed-2' } });
    expect(again.status).toBe(200);
    expect(again.body.id).not.toBe(b);
  });
});
