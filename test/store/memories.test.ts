import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DuplicateKeyError } from '../../src/store/errors.js';
import { findLatestMemory, listLatestByIds, listSourceDocuments } from '../../src/store/memories/records.js';
import { bumpSourceCount, deleteOrgMemories, insertMemories, linkMemorySources, retireVersion } from '../../src/store/memories/writes.js';
import { insertDocument } from '../../src/store/documents.js';
import { queryRows } from '../../src/store/sql.js';
import { newId, newOrg, useTwoOrgStore } from '../helpers/store-database.js';
import { insertMemoriesWithSources } from '../../src/core/memories/versioning.js';

describe('store: memories', () => {
  const store = useTwoOrgStore();

  const insert = async (orgId: string, memory: string, fields: Record<string, unknown> = {}) =>
    (await insertMemories(store.database.db, [{ id: newId('m'), orgId, containerTag: 'tag', memory, ...fields }]))[0];

  it('inserts, finds, versions and links a memory', async () => {
    const v1 = await insert(store.orgA, 'Ana lives in Porto');
    expect(await findLatestMemory(store.database.db, store.orgA, 'tag', { id: v1.id })).toMatchObject({ id: v1.id, version: 1, isLatest: true });
    expect((await findLatestMemory(store.database.db, store.orgA, 'tag', { content: 'Ana lives in Porto' }))?.id).toBe(v1.id);

    await retireVersion(store.database.db, store.orgA, v1.id, new Date());
    const v2 = await insert(store.orgA, 'Ana lives in Lisbon', { version: 2, parentMemoryId: v1.id, rootMemoryId: v1.id });
    expect(await listLatestByIds(store.database.db, store.orgA, 'tag', [v1.id, v2.id])).toEqual([expect.objectContaining({ id: v2.id, version: 2 })]);

    const doc = await insertDocument(store.database.db, { id: newId('d'), orgId: store.orgA, containerTag: 'tag', content: 'source' });
    await linkMemorySources(store.database.db, store.orgA, [{ memoryId: v2.id, documentId: doc.id }]);
    await linkMemorySources(store.database.db, store.orgA, [{ memoryId: v2.id, documentId: doc.id }]);
    expect(await listSourceDocuments(store.database.db, store.orgA, [v2.id])).toEqual([{ memoryId: v2.id, documentId: doc.id }]);
  });

  it('gives another organization nothing of a memory, and lets it change nothing', async () => {
    const m = await insert(store.orgA, 'Private fact');
    expect(await findLatestMemory(store.database.db, store.orgB, 'tag', { id: m.id })).toBeUndefined();
    expect(await findLatestMemory(store.database.db, store.orgB, 'tag', { content: 'Private fact' })).toBeUndefined();
    expect(await listLatestByIds(store.database.db, store.orgB, 'tag', [m.id])).toEqual([]);
    expect(await listSourceDocuments(store.database.db, store.orgB, [m.id])).toEqual([]);
    await retireVersion(store.database.db, store.orgB, m.id, new Date());
    expect(await deleteOrgMemories(store.database.db, store.orgB)).toBe(0);
    expect(await findLatestMemory(store.database.db, store.orgA, 'tag', { id: m.id })).toMatchObject({ isLatest: true });
  });

  it('keeps one row per (root, version): a second version n of a chain is a DuplicateKeyError', async () => {
    const root = await insert(store.orgA, 'Bo works at Acme');
    await insert(store.orgA, 'Bo works at Initech', { version: 2, parentMemoryId: root.id, rootMemoryId: root.id });
    await expect(insert(store.orgA, 'Bo works at Globex', { version: 2, parentMemoryId: root.id, rootMemoryId: root.id })).rejects.toBeInstanceOf(
      DuplicateKeyError,
    );
    await expect(insert(store.orgA, 'Bo works at Globex', { version: 3, parentMemoryId: root.id, rootMemoryId: root.id })).resolves.toMatchObject({
      version: 3,
    });
    // A batch holding the clash writes none of its rows.
    const before = await listLatestByIds(store.database.db, store.orgA, 'tag', [root.id]);
    await expect(
      store.database.db.transaction((tx) =>
        insertMemories(tx, [
          { id: newId('m'), orgId: store.orgA, containerTag: 'tag', memory: 'fine', version: 4, rootMemoryId: root.id },
          { id: newId('m'), orgId: store.orgA, containerTag: 'tag', memory: 'clash', version: 4, rootMemoryId: root.id },
        ]),
      ),
    ).rejects.toBeInstanceOf(DuplicateKeyError);
    expect(await listLatestByIds(store.database.db, store.orgA, 'tag', [root.id])).toEqual(before);
  });

  it('writes memories and their source links in one statement: a link that cannot be written leaves no memory, even outside a transaction', async () => {
    const db = store.database.db;
    const doc = await insertDocument(db, { id: newId('d'), orgId: store.orgA, containerTag: 'tag', content: 'source' });
    const draft = (memory: string, sources: string[], sourceTurn: number | null = null) => ({ containerTag: 'tag', memory, sources, sourceTurn });
    const [linked] = await insertMemoriesWithSources(db, store.orgA, [draft('Eli lives in Quito', [doc.id], 3)], [], new Date());
    expect(await listSourceDocuments(db, store.orgA, [linked.id])).toEqual([{ memoryId: linked.id, documentId: doc.id }]);
    const [{ turn }] = await queryRows<{ turn: number | null }>(db, sql`SELECT turn FROM memory_sources WHERE memory_id = ${linked.id}`);
    expect(turn).toBe(3);

    await expect(insertMemoriesWithSources(db, store.orgA, [draft('Eli plays the oud', [newId('missing')])], [], new Date())).rejects.toThrow();
    expect(await findLatestMemory(db, store.orgA, 'tag', { content: 'Eli plays the oud' })).toBeUndefined();
  });

  it('raises the support of a memory with a new source, and of a memory deleted meanwhile links nothing', async () => {
    const m = await insert(store.orgA, 'Dana lives in Boston');
    const doc = await insertDocument(store.database.db, { id: newId('d'), orgId: store.orgA, containerTag: 'tag', content: 'source' });
    expect(await bumpSourceCount(store.database.db, store.orgA, m.id, doc.id, new Date())).toBe(true);
    expect(await findLatestMemory(store.database.db, store.orgA, 'tag', { id: m.id })).toMatchObject({ sourceCount: 2 });
    expect(await bumpSourceCount(store.database.db, store.orgB, m.id, doc.id, new Date())).toBe(false);
    await store.database.db.execute(sql`delete from memories where id = ${m.id}`);
    expect(await bumpSourceCount(store.database.db, store.orgA, m.id, doc.id, new Date())).toBe(false);
    expect(await listSourceDocuments(store.database.db, store.orgA, [m.id])).toEqual([]);
  });

  it('deletes only the calling organization’s memories', async () => {
    const org = await newOrg(store.database);
    await insert(org, 'one');
    await insert(org, 'two');
    const kept = await insert(store.orgB, 'kept');
    expect(await deleteOrgMemories(store.database.db, org)).toBe(2);
    expect(await listLatestByIds(store.database.db, store.orgB, 'tag', [kept.id])).toHaveLength(1);
  });

  it("keeps a memory's text and full-text vector in its row beside a 512-d vector, out of the TOAST table", async () => {
    const db = store.database.db;
    const toastValues = async () => {
      const [{ toast }] = await queryRows<{ toast: string }>(db, sql`SELECT reltoastrelid::regclass::text AS toast FROM pg_class WHERE relname = 'memories'`);
      const [{ n }] = await queryRows<{ n: number }>(db, sql`SELECT count(DISTINCT chunk_id)::int AS n FROM ${sql.raw(toast)}`);
      return n;
    };
    const before = await toastValues();
    const words = Array.from({ length: 150 }, (_, i) => `word${(i * 7919) % 1000}x`).join(' ');
    const embedding = Array.from({ length: 512 }, (_, i) => Math.sin(i + 1));
    await insert(store.orgA, `Ana wrote ${words}`, { embedding });
    expect(await toastValues()).toBe(before);
  });
});
