import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TagSnapshot } from '../../src/core/memories/tag-snapshot.js';
import type { MemoryRecord } from '../../src/model/memories.js';
import { insertDocument } from '../../src/store/documents.js';
import { memoriesStating, nearestMemories } from '../../src/store/memories/neighbours.js';
import { bumpSourceCount, insertMemories, retireVersion } from '../../src/store/memories/writes.js';
import { rng } from '../../bench/search/synthetic.js';
import { newId, useTwoOrgStore } from '../helpers/store-database.js';

/** What the memory step reads ahead of its transaction, checked against what the same reads give in it. */
describe('store: a tag read ahead of the memory step (TagSnapshot)', () => {
  const store = useTwoOrgStore();
  const random = rng(3);
  const vector = () => Array.from({ length: 64 }, () => random() - 0.5);
  const near = (v: number[], spread: number) => v.map((x) => x + (random() - 0.5) * spread);

  async function seedTag(tag: string) {
    const db = store.database.db;
    const doc = await insertDocument(db, { id: newId('d'), orgId: store.orgA, containerTag: tag, content: 'source' });
    const base = vector();
    const rows = Array.from({ length: 12 }, (_, i) => ({
      id: newId('m'),
      orgId: store.orgA,
      containerTag: tag,
      memory: `Fact ${i} about Noor`,
      embedding: near(base, 0.2 * (i + 1)),
      attributes: i % 3 === 0 ? [{ attribute: 'residence', subject: 'Noor', value: `City ${i}` }] : [],
    }));
    const stored = await insertMemories(db, rows);
    return { doc, base, stored, scope: { orgId: store.orgA, containerTag: tag, documentId: doc.id, now: new Date() } };
  }

  it('answers each statement’s reads as the database does, once the statements before it are stored, and holds while the tag is unchanged', async () => {
    const db = store.database.db;
    const { base, scope, stored } = await seedTag('snap_a');
    const statements = [near(base, 0.1), near(base, 0.3), vector()];
    const snapshot = (await TagSnapshot.read(
      db,
      scope,
      statements.map((v, i) => ({ vector: v, stated: { memory: `Statement ${i}`, attributes: [{ attribute: 'residence', subject: 'Noor', value: 'Oslo' }] } })),
    ))!;
    await db.transaction(async (tx) => {
      expect(await snapshot.holds(tx, scope)).toBe(true);
      const reads = (i: number) => snapshot.readsOf(i);
      expect(await reads(0).nearest(tx, scope, statements[0], 5)).toEqual(await nearestMemories(tx, scope, statements[0], 5));

      // Statement 0 is stored as a new version of one memory (which it retires) and another memory is bumped by a duplicate.
      const id = newId('m');
      const [added] = await insertMemories(
        tx,
        [
          {
            id,
            orgId: store.orgA,
            containerTag: 'snap_a',
            memory: 'Statement 0',
            embedding: statements[0],
            attributes: [{ attribute: 'residence', subject: 'Noor', value: 'Oslo' }],
            version: 2,
            rootMemoryId: stored[0].id,
            parentMemoryId: stored[0].id,
          },
        ],
        [{ memoryId: id, documentId: scope.documentId }],
      );
      await retireVersion(tx, store.orgA, stored[0].id, scope.now);
      snapshot.record(0, { action: 'updates', memory: added as MemoryRecord, of: stored[0].id, retired: [] });
      const other = (await nearestMemories(tx, scope, statements[1], 5)).find((n) => n.id !== added.id)!;
      await bumpSourceCount(tx, store.orgA, other.id, scope.documentId, scope.now);
      snapshot.record(1, { action: 'duplicate', memory: { id: other.id } });

      for (const i of [1, 2]) {
        expect(await reads(i).nearest(tx, scope, statements[i], 5)).toEqual(await nearestMemories(tx, scope, statements[i], 5));
      }
      const mates = (await reads(2).stating(tx, scope, 'residence', 300)).map((m) => m.id).sort();
      expect(mates).toEqual((await memoriesStating(tx, store.orgA, 'snap_a', 'residence', 300)).map((m) => m.id).sort());
      expect(mates).toContain(added.id);
      expect(mates).not.toContain(stored[0].id);
    });
  });

  it('does not hold once a memory of the tag was added, changed or deleted after it was read', async () => {
    const db = store.database.db;
    const { base, scope, stored } = await seedTag('snap_b');
    const read = () => TagSnapshot.read(db, scope, [{ vector: near(base, 0.1), stated: { memory: 'Statement' } }]) as Promise<TagSnapshot>;
    const holds = (snapshot: TagSnapshot) => db.transaction((tx) => snapshot.holds(tx, scope));

    let snapshot = await read();
    expect(await holds(snapshot)).toBe(true);
    await insertMemories(db, [{ id: newId('m'), orgId: store.orgA, containerTag: 'snap_b', memory: 'Added meanwhile', embedding: base }]);
    expect(await holds(snapshot)).toBe(false);

    snapshot = await read();
    await bumpSourceCount(db, store.orgA, stored[1].id, scope.documentId, scope.now);
    expect(await holds(snapshot)).toBe(false);

    snapshot = await read();
    await db.execute(sql`delete from memories where id = ${stored[2].id}`);
    expect(await holds(snapshot)).toBe(false);

    // Another tag's memories change nothing; another tag or document is not the one read.
    snapshot = await read();
    await insertMemories(db, [{ id: newId('m'), orgId: store.orgA, containerTag: 'elsewhere', memory: 'Elsewhere', embedding: base }]);
    expect(await holds(snapshot)).toBe(true);
    expect(await db.transaction((tx) => snapshot.holds(tx, { ...scope, containerTag: 'snap_c' }))).toBe(false);
  });
});
