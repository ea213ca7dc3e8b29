import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMemories, selectRows } from '../helpers/seed-memories.js';
import { addIndexedDoc, docsIn, chunksOf, memoriesIn } from '../helpers/tag-rows.js';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.js';

/** Warnings PostgreSQL's client gives when a query is sent to a connection still busy with another. */
function watchOverlappingQueries(): { stop: () => string[] } {
  const seen: string[] = [];
  const onWarning = (warning: Error) => warning.message.includes('already executing a query') && seen.push(warning.message);
  process.on('warning', onWarning);
  return { stop: () => (process.off('warning', onWarning), seen) };
}

describe('container tag merges: happy paths', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('merges two populated tags: every document, chunk and memory moves once, nothing is lost', async () => {
    // The merge rebuilds the target's profile in its transaction, one connection: one query at a time.
    const overlapping = watchOverlappingQueries();
    const src = {
      shared: await addIndexedDoc(server, {
        content: '# Shared\n\nSource version of the shared note.',
        containerTag: 'merge_src',
        customId: 'shared',
        metadata: { from: 'src' },
      }),
      only: await addIndexedDoc(server, { content: 'Only in the source, with a customId.', containerTag: 'merge_src', customId: 'only-src' }),
      plain: await addIndexedDoc(server, { content: 'A source document without customId.\n\nIt has two paragraphs.', containerTag: 'merge_src' }),
    };
    const dst = {
      shared: await addIndexedDoc(server, { content: 'Target version of the shared note.', containerTag: 'merge_dst', customId: 'shared' }),
      plain: await addIndexedDoc(server, { content: 'A target document without customId.', containerTag: 'merge_dst' }),
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
      body: {
        entityContext: 'Source context',
        profileBuckets: [
          { key: 'work', description: 'src work' },
          { key: 'home', description: 'src home' },
        ],
      },
    });
    await server.request('PATCH', '/v3/container-tags/merge_dst', { body: { name: 'Target', profileBuckets: [{ key: 'home', description: 'dst home' }] } });

    await selectRows(
      server,
      sql`insert into profiles (org_id, container_tag) select org_id, 'merge_src' from spaces where container_tag = 'merge_src' on conflict do nothing`,
    );
    const docsBefore = await docsIn(server, ['merge_src', 'merge_dst']);
    const chunksBefore = await chunksOf(
      server,
      docsBefore.map((d) => d.id),
    );
    const memoriesBefore = await memoriesIn(server, ['merge_src', 'merge_dst']);
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
    const docsAfter = await docsIn(server, ['merge_src', 'merge_dst']);
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
    const chunksAfter = await chunksOf(
      server,
      docsBefore.map((d) => d.id),
    );
    expect(chunksAfter.map(({ container_tag: _t, ...rest }) => rest)).toEqual(chunksBefore.map(({ container_tag: _t, ...rest }) => rest));
    expect(chunksAfter.every((c) => c.container_tag === 'merge_dst')).toBe(true);

    // Memories: every row kept; the duplicate "Alex likes tea" folded into the target's.
    const memoriesAfter = await memoriesIn(server, ['merge_src', 'merge_dst']);
    expect(memoriesAfter.map((m) => m.id)).toEqual(memoriesBefore.map((m) => m.id));
    expect(memoriesAfter.every((m) => m.container_tag === 'merge_dst')).toBe(true);
    const byId = Object.fromEntries(memoriesAfter.map((m) => [m.id, m]));
    expect(byId[srcTea]).toMatchObject({ is_forgotten: true, forget_reason: `duplicate of ${dstTea} after a container tag merge` });
    expect(byId[dstTea]).toMatchObject({ is_forgotten: false, is_latest: true });
    // The survivor counts the links it gained.
    expect(await selectRows(server, sql`select source_count from memories where id = ${dstTea}`)).toEqual([{ source_count: 2 }]);
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
    expect(overlapping.stop()).toEqual([]);

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
      const settled = await addIndexedDoc(server, { content: 'Settled source document', containerTag: 'busy_src', customId: 'settled' });
      await addIndexedDoc(server, { content: 'Target document', containerTag: 'busy_dst' });
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
      const chunks = await chunksOf(server, [slow.body.id]);
      expect(chunks.length).toBeGreaterThan(0);
      expect(chunks.every((c) => c.container_tag === 'busy_dst')).toBe(true);
      expect((await server.request('PATCH', `/v3/documents/${settled}`, { body: { metadata: { touched: true } } })).status).toBe(200);
    });
  });
});
