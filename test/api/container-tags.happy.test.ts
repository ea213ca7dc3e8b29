import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMemories, selectRows } from '../helpers/seed-memories.js';
import { startTestServer, waitFor, waitForDocument, type TestServer } from '../helpers/server.js';

interface DocRow {
  id: string;
  custom_id: string | null;
  container_tag: string;
  content: string | null;
  status: string;
  metadata: unknown;
}
interface ChunkRecord {
  id: string;
  document_id: string;
  container_tag: string;
  position: number;
  content: string;
}
interface MemoryRecord {
  id: string;
  container_tag: string;
  memory: string;
  version: number;
  is_latest: boolean;
  is_forgotten: boolean;
  forget_reason: string | null;
  parent_memory_id: string | null;
}

describe('container tags: happy paths', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  /** Chunked and indexed only: the memories these tests count are the ones they seed. */
  async function addDoc(body: Record<string, unknown>): Promise<string> {
    const res = await server.request('POST', '/v3/documents', { body: { taskType: 'superrag', ...body } });
    expect(res.status).toBe(200);
    await waitForDocument(server, res.body.id);
    return res.body.id;
  }

  const docsIn = (tags: string[]) =>
    selectRows<DocRow>(
      server,
      sql`select id, custom_id, container_tag, content, status, metadata from documents where container_tag in ${tags} order by id`,
    );
  const chunksOf = (documentIds: string[]) =>
    selectRows<ChunkRecord>(
      server,
      sql`select id, document_id, container_tag, position, content from chunks where document_id in ${documentIds} order by id`,
    );
  const memoriesIn = (tags: string[]) =>
    selectRows<MemoryRecord>(
      server,
      sql`select id, container_tag, memory, version, is_latest, is_forgotten, forget_reason, parent_memory_id
          from memories where container_tag in ${tags} order by id`,
    );

  it('lists tags with document and live memory counts and last activity', async () => {
    await addDoc({ content: 'Alpha one', containerTag: 'list_alpha' });
    await addDoc({ content: 'Alpha two', containerTag: 'list_alpha' });
    await addDoc({ content: 'Default tag document' });
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
    await addDoc({ content: 'Read me', containerTag: 'read_me', entityContext: 'A reading list' });
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
      profileBuckets: [{ key: 'work', description: 'Job and career' }, { key: 'health-2', description: '' }],
    });

    const read = await server.request('GET', '/v3/container-tags/brand_new');
    expect(read.body).toMatchObject({ name: 'Brand new', entityContext: context, documentCount: 0, lastActivityAt: null });
    expect(read.body.profileBuckets).toHaveLength(2);

    const cleared = await server.request('PATCH', '/v3/container-tags/brand_new', { body: { name: null, profileBuckets: [] } });
    expect(cleared.body).toMatchObject({ name: null, entityContext: context, profileBuckets: [] });
    const list = await server.request('GET', '/v3/container-tags/list');
    expect(list.body.some((t: { containerTag: string }) => t.containerTag === 'brand_new')).toBe(true);
  });

  it('deletes a tag: documents and chunks go, memories are forgotten, and the tag disappears', async () => {
    const a = await addDoc({ content: '# Doomed\n\nFirst doomed document.', containerTag: 'doomed' });
    const b = await addDoc({ content: 'Second doomed document.', containerTag: 'doomed', customId: 'doomed-2' });
    const keep = await addDoc({ content: 'A bystander in another tag.', containerTag: 'bystander' });
    const memoryIds = await seedMemories(server, [
      { memory: 'Doomed fact one', containerTag: 'doomed', documentIds: [a] },
      { memory: 'Doomed fact two', containerTag: 'doomed' },
      { memory: 'Already forgotten', containerTag: 'doomed', isForgotten: true },
      { memory: 'Bystander fact', containerTag: 'bystander' },
    ]);
    await server.request('PATCH', '/v3/container-tags/doomed', { body: { entityContext: 'doomed context' } });
    await selectRows(server, sql`insert into profiles (org_id, container_tag) select org_id, 'doomed' from spaces where container_tag = 'doomed' on conflict do nothing`);

    const res = await server.request('DELETE', '/v3/container-tags/doomed');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, containerTag: 'doomed', deletedDocumentsCount: 2, deletedMemoriesCount: 2 });

    expect((await server.request('GET', `/v3/documents/${a}`)).status).toBe(404);
    expect((await server.request('GET', `/v3/documents/${b}`)).status).toBe(404);
    expect(await chunksOf([a, b])).toEqual([]);
    const remaining = await memoriesIn(['doomed']);
    expect(remaining.map((m) => m.id).sort()).toEqual(memoryIds.slice(0, 3).sort());
    expect(remaining.every((m) => m.is_forgotten)).toBe(true);
    expect(remaining.filter((m) => m.forget_reason === 'container tag deleted')).toHaveLength(2);

    expect((await server.request('GET', '/v3/container-tags/doomed')).status).toBe(404);
    expect(await selectRows(server, sql`select 1 from profiles where container_tag = 'doomed'`)).toEqual([]);
    const list = await server.request('GET', '/v3/container-tags/list');
    expect(list.body.some((t: { containerTag: string }) => t.containerTag === 'doomed')).toBe(false);
    expect((await server.request('GET', `/v3/documents/${keep}`)).status).toBe(200);
    expect((await memoriesIn(['bystander']))[0].is_forgotten).toBe(false);

    // The tag can be written again from scratch.
    const again = await server.request('POST', '/v3/documents', { body: { content: 'Fresh start', containerTag: 'doomed', customId: 'doomed-2' } });
    expect(again.status).toBe(200);
    expect(again.body.id).not.toBe(b);
  });

  it('merges two populated tags: every document, chunk and memory moves once, nothing is lost', async () => {
    const src = {
      shared: await addDoc({ content: '# Shared\n\nSource version of the shared note.', containerTag: 'merge_src', customId: 'shared', metadata: { from: 'src' } }),
      only: await addDoc({ content: 'Only in the source, with a customId.', containerTag: 'merge_src', customId: 'only-src' }),
      plain: await addDoc({ content: 'A source document without customId.\n\nIt has two paragraphs.', containerTag: 'merge_src' }),
    };
    const dst = {
      shared: await addDoc({ content: 'Target version of the shared note.', containerTag: 'merge_dst', customId: 'shared' }),
      plain: await addDoc({ content: 'A target document without customId.', containerTag: 'merge_dst' }),
    };
    const [srcOld] = await seedMemories(server, [{ memory: 'Alex lives in Bergen', containerTag: 'merge_src', isLatest: false }]);
    const [srcTea, srcOslo, srcGone] = await seedMemories(server, [
      { memory: 'Alex likes tea', containerTag: 'merge_src', documentIds: [src.shared] },
      { memory: 'Alex lives in Oslo', containerTag: 'merge_src', version: 2, parentMemoryId: srcOld, rootMemoryId: srcOld },
      { memory: 'Alex used to smoke', containerTag: 'merge_src', isForgotten: true },
    ]);
    const [dstTea, dstOther] = await seedMemories(server, [
      { memory: 'Alex likes tea', containerTag: 'merge_dst', documentIds: [dst.shared] },
      { memory: 'Alex has a cat', containerTag: 'merge_dst' },
    ]);
    await server.request('PATCH', '/v3/container-tags/merge_src', {
      body: { entityContext: 'Source context', profileBuckets: [{ key: 'work', description: 'src work' }, { key: 'home', description: 'src home' }] },
    });
    await server.request('PATCH', '/v3/container-tags/merge_dst', { body: { name: 'Target', profileBuckets: [{ key: 'home', description: 'dst home' }] } });

    await selectRows(server, sql`insert into profiles (org_id, container_tag) select org_id, 'merge_src' from spaces where container_tag = 'merge_src' on conflict do nothing`);
    const docsBefore = await docsIn(['merge_src', 'merge_dst']);
    const chunksBefore = await chunksOf(docsBefore.map((d) => d.id));
    const memoriesBefore = await memoriesIn(['merge_src', 'merge_dst']);
    expect(docsBefore).toHaveLength(5);
    expect(memoriesBefore).toHaveLength(6);
    const srcChunkCount = chunksBefore.filter((c) => c.container_tag === 'merge_src').length;
    expect(srcChunkCount).toBeGreaterThanOrEqual(3);

    const start = await server.request('POST', '/v3/container-tags/merge', {
      body: { containerTags: ['merge_src', 'merge_dst'], targetContainerTag: 'merge_dst' },
    });
    expect(start.status).toBe(202);
    expect(start.body).toMatchObject({ success: true, status: 'queued', targetTag: 'merge_dst', sourceTags: ['merge_src'] });
    const mergeId: string = start.body.mergeId;

    const done = await waitFor(
      async () => {
        const res = await server.request('GET', `/v3/container-tags/merge/${mergeId}`);
        return ['completed', 'failed'].includes(res.body.status) ? res.body : undefined;
      },
      30_000,
      'the merge to finish',
    );
    expect(done).toMatchObject({ id: mergeId, status: 'completed', sourceTags: ['merge_src'], targetTag: 'merge_dst', lastError: null });
    expect(done.progress).toMatchObject({
      phase: 'completed',
      completedSourceTags: ['merge_src'],
      moved: { documents: 3, chunks: srcChunkCount, memories: 4, renamedCustomIds: 1, duplicateMemories: 1 },
      copiedRows: 3 + srcChunkCount + 4,
    });
    expect(Date.parse(done.completedAt)).not.toBeNaN();

    // Documents: the same rows, all in the target; the target's "shared" kept its customId.
    const docsAfter = await docsIn(['merge_src', 'merge_dst']);
    expect(docsAfter.map((d) => d.id)).toEqual(docsBefore.map((d) => d.id));
    for (const after of docsAfter) {
      const before = docsBefore.find((d) => d.id === after.id)!;
      expect(after.container_tag).toBe('merge_dst');
      expect(after.content).toBe(before.content);
      expect(after.status).toBe(before.status);
      expect(after.metadata).toEqual(before.metadata);
      const expectedCustomId = after.id === src.shared ? 'shared:merge_src' : before.custom_id;
      expect(after.custom_id).toBe(expectedCustomId);
    }
    expect((await server.request('GET', '/v3/documents/shared?containerTag=merge_dst')).body.id).toBe(dst.shared);
    expect((await server.request('GET', '/v3/documents/shared:merge_src')).body.id).toBe(src.shared);
    expect((await server.request('GET', '/v3/documents/only-src')).body.containerTag).toBe('merge_dst');

    // Chunks: same ids, text and positions, now tagged with the target.
    const chunksAfter = await chunksOf(docsBefore.map((d) => d.id));
    expect(chunksAfter.map(({ container_tag: _t, ...rest }) => rest)).toEqual(chunksBefore.map(({ container_tag: _t, ...rest }) => rest));
    expect(chunksAfter.every((c) => c.container_tag === 'merge_dst')).toBe(true);

    // Memories: every row kept; the duplicate "Alex likes tea" folded into the target's.
    const memoriesAfter = await memoriesIn(['merge_src', 'merge_dst']);
    expect(memoriesAfter.map((m) => m.id)).toEqual(memoriesBefore.map((m) => m.id));
    expect(memoriesAfter.every((m) => m.container_tag === 'merge_dst')).toBe(true);
    const byId = Object.fromEntries(memoriesAfter.map((m) => [m.id, m]));
    expect(byId[srcTea]).toMatchObject({ is_forgotten: true, forget_reason: `duplicate of ${dstTea} after a container tag merge` });
    expect(byId[dstTea]).toMatchObject({ is_forgotten: false, is_latest: true });
    expect(byId[srcOslo]).toMatchObject({ is_forgotten: false, is_latest: true, version: 2, parent_memory_id: srcOld });
    expect(byId[srcOld]).toMatchObject({ is_latest: false, is_forgotten: false });
    expect(byId[srcGone].is_forgotten).toBe(true);
    expect(byId[dstOther].is_forgotten).toBe(false);
    const links = await selectRows<{ memory_id: string; document_id: string }>(
      server,
      sql`select memory_id, document_id from memory_sources where memory_id in ${[srcTea, dstTea]} order by memory_id, document_id`,
    );
    expect(links).toEqual(
      [
        { memory_id: srcTea, document_id: src.shared },
        { memory_id: dstTea, document_id: dst.shared },
        { memory_id: dstTea, document_id: src.shared },
      ].sort((x, y) => (x.memory_id + x.document_id < y.memory_id + y.document_id ? -1 : 1)),
    );

    // The source is gone; the target took over what it lacked.
    expect((await server.request('GET', '/v3/container-tags/merge_src')).status).toBe(404);
    const target = await server.request('GET', '/v3/container-tags/merge_dst');
    expect(target.body).toMatchObject({
      name: 'Target',
      entityContext: 'Source context',
      documentCount: 5,
      memoryCount: 3,
      profileBuckets: [
        { key: 'home', description: 'dst home' },
        { key: 'work', description: 'src work' },
      ],
    });
    // The target's profile is rebuilt from its live memories; the source's is gone.
    const profiles = await selectRows<{ container_tag: string; static_entries: { memoryId: string }[]; dynamic_entries: { memoryId: string }[] }>(
      server,
      sql`select container_tag, static_entries, dynamic_entries from profiles where container_tag in ('merge_src', 'merge_dst')`,
    );
    expect(profiles.map((p) => p.container_tag)).toEqual(['merge_dst']);
    const profileMemories = [...profiles[0].static_entries, ...profiles[0].dynamic_entries].map((e) => e.memoryId).sort();
    expect(profileMemories).toEqual([dstTea, dstOther, srcOslo].sort());

    const list = await server.request('GET', '/v3/container-tags/list');
    const tags = list.body.map((t: { containerTag: string }) => t.containerTag);
    expect(tags).toContain('merge_dst');
    expect(tags).not.toContain('merge_src');

    // Writes to both tags work again.
    expect((await server.request('POST', '/v3/documents', { body: { content: 'after', containerTag: 'merge_src' } })).status).toBe(200);
    expect((await server.request('POST', '/v3/documents', { body: { content: 'after', containerTag: 'merge_dst' } })).status).toBe(200);
  });

  describe('while a merge runs', () => {
    let site: Server;
    let siteUrl: string;
    const held: ServerResponse[] = [];
    let release = false;

    beforeAll(async () => {
      site = createServer((_req, res) => {
        if (release) {
          res.setHeader('content-type', 'text/plain');
          res.end('slow page body');
        } else held.push(res);
      });
      await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
      siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      release = true;
      for (const res of held) res.end('released');
      await new Promise((resolve) => site?.close(resolve));
    });

    it('refuses writes to its tags with 409 and x-should-retry: false, then lets them through', async () => {
      const settled = await addDoc({ content: 'Settled source document', containerTag: 'busy_src', customId: 'settled' });
      await addDoc({ content: 'Target document', containerTag: 'busy_dst' });
      const slow = await server.request('POST', '/v3/documents', { body: { content: `${siteUrl}/slow`, containerTag: 'busy_src' } });
      await waitFor(async () => (held.length > 0 ? true : undefined), 10_000, 'the slow fetch to start');

      const start = await server.request('POST', '/v3/container-tags/merge', { body: { sourceTags: ['busy_src'], targetTag: 'busy_dst' } });
      expect(start.status).toBe(202);
      const mergeId = start.body.mergeId;
      const waiting = await waitFor(async () => {
        const res = await server.request('GET', `/v3/container-tags/merge/${mergeId}`);
        return res.body.status === 'waiting_for_ingest' ? res.body : undefined;
      });
      expect(waiting.progress.inFlightItems).toBe(1);

      const list = await server.request('GET', '/v3/container-tags/list');
      const byTag = Object.fromEntries(list.body.map((t: { containerTag: string }) => [t.containerTag, t]));
      expect(byTag.busy_src).toMatchObject({ mergeStatus: 'source', mergeId, mergeTargetTag: 'busy_dst' });
      expect(byTag.busy_dst).toMatchObject({ mergeStatus: 'target', mergeId, mergeTargetTag: 'busy_dst' });

      const refused = [
        await server.request('POST', '/v3/documents', { body: { content: 'x', containerTag: 'busy_src' } }),
        await server.request('POST', '/v3/documents', { body: { content: 'x', containerTag: 'busy_dst' } }),
        await server.request('PATCH', `/v3/documents/${settled}`, { body: { metadata: { touched: true } } }),
        await server.request('DELETE', `/v3/documents/${settled}`),
        await server.request('DELETE', '/v3/documents/bulk', { body: { containerTags: ['busy_src'] } }),
        await server.request('DELETE', '/v3/documents/bulk', { body: { filepath: '/anything' } }),
        await server.request('PATCH', '/v3/container-tags/busy_dst', { body: { name: 'x' } }),
        await server.request('DELETE', '/v3/container-tags/busy_src'),
        await server.request('POST', '/v3/container-tags/merge', { body: { containerTags: ['busy_dst', 'elsewhere'], targetContainerTag: 'elsewhere' } }),
        await server.request('POST', '/v3/settings/reset', { body: { confirmation: 'yes' } }),
      ];
      for (const res of refused) {
        expect(res.status).toBe(409);
        expect(res.headers.get('x-should-retry')).toBe('false');
        expect(typeof res.body.error).toBe('string');
      }
      const batch = await server.request('POST', '/v3/documents/batch', { body: { documents: ['x'], containerTag: 'busy_src' } });
      expect(batch.body.results[0]).toMatchObject({ status: 'error', error: 'Container tag merge in progress' });
      expect((await server.request('GET', `/v3/documents/${settled}`)).body.metadata).toEqual({});
      // Other tags are not held up.
      expect((await server.request('POST', '/v3/documents', { body: { content: 'x', containerTag: 'unrelated' } })).status).toBe(200);

      release = true;
      for (const res of held.splice(0)) {
        res.setHeader('content-type', 'text/plain');
        res.end('slow page body');
      }
      const done = await waitFor(async () => {
        const res = await server.request('GET', `/v3/container-tags/merge/${mergeId}`);
        return ['completed', 'failed'].includes(res.body.status) ? res.body : undefined;
      });
      expect(done.status).toBe('completed');
      const moved = await server.request('GET', `/v3/documents/${slow.body.id}`);
      expect(moved.body).toMatchObject({ containerTag: 'busy_dst', status: 'done' });
      const chunks = await chunksOf([slow.body.id]);
      expect(chunks.length).toBeGreaterThan(0);
      expect(chunks.every((c) => c.container_tag === 'busy_dst')).toBe(true);
      expect((await server.request('PATCH', `/v3/documents/${settled}`, { body: { metadata: { touched: true } } })).status).toBe(200);
    });
  });
});
