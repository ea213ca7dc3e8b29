import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TagSnapshot } from '../../src/core/memories/tag-snapshot.js';
import type { MemoryRecord } from '../../src/model/memories.js';
import type { Tx } from '../../src/store/database.js';
import { insertDocument } from '../../src/store/documents.js';
import { unlinkDocument } from '../../src/store/memories/lineage.js';
import { memoriesStating, nearestMemories } from '../../src/store/memories/neighbours.js';
import { committedNow, lockTagMemories, pruneMemoryTagChanges, tagChangedSince } from '../../src/store/memories/tag-changes.js';
import { bumpSourceCount, insertMemories, linkMemorySources, retireVersion } from '../../src/store/memories/writes.js';
import { queryRows } from '../../src/store/sql.js';
import { rng } from '../../bench/search/synthetic.js';
import { driver } from '../helpers/server.js';
import { newId, newOrg, openStoreDatabase, useTwoOrgStore } from '../helpers/store-database.js';
import { waitFor } from '../helpers/wait.js';

/** The scans of the memories table the transaction made so far, as the database counts them. */
async function memoryScans(tx: Tx): Promise<{ sequential: number; indexed: number }> {
  const [row] = await queryRows<{ sequential: string | number; indexed: string | number }>(
    tx,
    sql`SELECT coalesce(seq_scan, 0) AS sequential, coalesce(idx_scan, 0) AS indexed FROM pg_stat_xact_user_tables WHERE relname = 'memories'`,
  );
  return { sequential: Number(row.sequential), indexed: Number(row.indexed) };
}

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

  it('does not hold once the document was given or lost a source link, though no memory row changed', async () => {
    const db = store.database.db;
    const { base, scope, stored } = await seedTag('snap_links');
    const read = () => TagSnapshot.read(db, scope, [{ vector: near(base, 0.1), stated: { memory: 'Statement' } }]) as Promise<TagSnapshot>;
    const holds = (snapshot: TagSnapshot) => db.transaction((tx) => snapshot.holds(tx, scope));

    // What the nearest memories say of this document (`fromSameDocument`) is what changed.
    let snapshot = await read();
    await linkMemorySources(db, store.orgA, [{ memoryId: stored[3].id, documentId: scope.documentId }]);
    expect(await holds(snapshot)).toBe(false);

    snapshot = await read();
    expect(await unlinkDocument(db, store.orgA, scope.documentId, { containerTag: 'snap_links', memoryIds: [stored[3].id] })).toEqual([stored[3].id]);
    expect(await holds(snapshot)).toBe(false);

    snapshot = await read();
    expect(await holds(snapshot)).toBe(true);
  });

  it('does not hold in either tag once a memory moved from one to the other', async () => {
    const db = store.database.db;
    const from = await seedTag('snap_from');
    const to = await seedTag('snap_to');
    const read = (tag: typeof from) =>
      TagSnapshot.read(db, tag.scope, [{ vector: near(tag.base, 0.1), stated: { memory: 'Statement' } }]) as Promise<TagSnapshot>;
    const [leaving, arriving] = [await read(from), await read(to)];
    await db.execute(sql`update memories set container_tag = 'snap_to' where id = ${from.stored[4].id}`);
    expect(await db.transaction((tx) => leaving.holds(tx, from.scope))).toBe(false);
    expect(await db.transaction((tx) => arriving.holds(tx, to.scope))).toBe(false);
  });

  it('checks without reading any memory, however many the tag holds', async () => {
    const db = store.database.db;
    const { base, scope } = await seedTag('snap_size');
    await insertMemories(
      db,
      Array.from({ length: 200 }, (_, i) => ({
        id: newId('m'),
        orgId: store.orgA,
        containerTag: 'snap_size',
        memory: `Fact ${i} more`,
        embedding: near(base, 1),
      })),
    );
    const snapshot = (await TagSnapshot.read(db, scope, [{ vector: near(base, 0.1), stated: { memory: 'Statement' } }]))!;
    await db.transaction(async (tx) => {
      const before = await memoryScans(tx);
      expect(await snapshot.holds(tx, scope)).toBe(true);
      expect(await memoryScans(tx)).toEqual(before);
    });
  });

  it('records a link by the key of its memory, after a statement of hundreds of links as before it, and a transaction once', async () => {
    // A database of its own: what its connection first ran decides how it runs the triggers since.
    const fixture = await openStoreDatabase();
    try {
      const db = fixture.database.db;
      const orgId = await newOrg(fixture.database);
      const [first, second] = [newId('d'), newId('d')];
      for (const id of [first, second]) await insertDocument(db, { id, orgId, containerTag: 'links', content: 'source' });
      const rows = Array.from({ length: 300 }, (_, i) => ({ id: newId('m'), orgId, containerTag: 'links', memory: `Fact ${i}`, embedding: vector() }));
      const recorded = async (tx: Tx) =>
        (await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM memory_tag_changes WHERE org_id = ${orgId} AND container_tag = 'links'`))[0].n;
      await db.transaction(async (tx) => {
        await insertMemories(
          tx,
          rows,
          rows.map((row) => ({ memoryId: row.id, documentId: first })),
        );
        const before = await memoryScans(tx);
        await linkMemorySources(tx, orgId, [{ memoryId: rows[7].id, documentId: second }]);
        expect((await memoryScans(tx)).sequential).toBe(before.sequential);
        // One row for the transaction, however many of its statements change the tag.
        expect(await recorded(tx)).toBe(1);
      });
      await linkMemorySources(db, orgId, [{ memoryId: rows[8].id, documentId: second }]);
      expect(await recorded(db)).toBe(2);
      // Forgotten once old (the scheduler asks for an hour), so a read-ahead ten minutes old is not trusted.
      expect(await pruneMemoryTagChanges(db, new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(2);
      expect(await recorded(db)).toBe(0);
      const now = await committedNow(db);
      expect(await tagChangedSince(db, orgId, 'links', now)).toBe(false);
      expect(await tagChangedSince(db, orgId, 'links', { ...now, at: new Date(Date.now() - 11 * 60_000).toISOString() })).toBe(true);
    } finally {
      await fixture.close();
    }
  });

  // Only PostgreSQL runs transactions side by side: the embedded database runs one at a time.
  if (driver === 'postgres') {
    it('lets two transactions write the same tag side by side, and a read-ahead sees what the other committed', async () => {
      const db = store.database.db;
      const { base, scope } = await seedTag('snap_side');
      const snapshot = (await TagSnapshot.read(db, scope, [{ vector: near(base, 0.1), stated: { memory: 'Statement' } }]))!;
      let done = false;
      await db.transaction(async (tx) => {
        expect(await snapshot.holds(tx, scope)).toBe(true);
        await insertMemories(tx, [{ id: newId('m'), orgId: store.orgA, containerTag: 'snap_side', memory: 'Written first, committed last', embedding: base }]);
        // Another connection adds a memory to the tag and commits while this transaction stays open.
        const written = insertMemories(db, [{ id: newId('m'), orgId: store.orgA, containerTag: 'snap_side', memory: 'Added meanwhile', embedding: base }]).then(
          () => (done = true),
        );
        await waitFor(async () => done || undefined, 10_000, 'the other insert to commit while this transaction is open');
        await written;
        // Committed since the read-ahead: it is seen, as a read in this transaction would see it.
        expect(await snapshot.holds(tx, scope)).toBe(false);
      });
    });

    it('makes a second resolving writer of a tag wait for the first to commit, and no writer of another tag', async () => {
      const db = store.database.db;
      const { base, scope } = await seedTag('snap_turns');
      const snapshot = (await TagSnapshot.read(db, scope, [{ vector: near(base, 0.1), stated: { memory: 'Statement' } }]))!;
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const holding = new Promise<void>((resolve) => (locked = resolve));
      const first = db.transaction(async (tx) => {
        await lockTagMemories(tx, store.orgA, 'snap_turns');
        await insertMemories(tx, [{ id: newId('m'), orgId: store.orgA, containerTag: 'snap_turns', memory: 'Stored by the first', embedding: base }]);
        locked();
        await released;
      });
      await holding;
      let secondHeld = false;
      const second = db.transaction(async (tx) => {
        await lockTagMemories(tx, store.orgA, 'snap_turns');
        secondHeld = true;
        return snapshot.holds(tx, scope);
      });
      const waiting = async () => {
        const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`);
        return row.n === 1 || undefined;
      };
      await waitFor(waiting, 10_000, 'the second writer to wait for the tag');
      // Another tag of the same organization, and the same tag of another, are not held.
      await db.transaction((tx) => lockTagMemories(tx, store.orgA, 'snap_other'));
      await db.transaction((tx) => lockTagMemories(tx, store.orgB, 'snap_turns'));
      expect(secondHeld).toBe(false);
      release();
      await first;
      // Its turn comes after the first committed, and what the first stored is a change it sees.
      expect(await second).toBe(false);
    });

    it('sees a change committed after the read-ahead by a transaction that began before it', async () => {
      const db = store.database.db;
      const { base, scope } = await seedTag('snap_late');
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let wrote!: () => void;
      const written = new Promise<void>((resolve) => (wrote = resolve));
      const other = db.transaction(async (tx) => {
        await insertMemories(tx, [
          { id: newId('m'), orgId: store.orgA, containerTag: 'snap_late', memory: 'Written before, committed after', embedding: base },
        ]);
        wrote();
        await released;
      });
      await written;
      const snapshot = (await TagSnapshot.read(db, scope, [{ vector: near(base, 0.1), stated: { memory: 'Statement' } }]))!;
      expect(await db.transaction((tx) => snapshot.holds(tx, scope))).toBe(true);
      release();
      await other;
      expect(await db.transaction((tx) => snapshot.holds(tx, scope))).toBe(false);
    });
  }
});
