import { sql } from 'drizzle-orm';
import type { Tx } from '../database.js';
import { queryRows } from '../sql.js';

/** What the database had committed at one moment (`pg_current_snapshot()`), and when by its clock. */
export interface CommittedAt {
  snapshot: string;
  at: string;
}

/** A snapshot older than this is not asked about: the record of changes keeps only an hour (`pruneMemoryTagChanges`). */
const OLDEST_ASKED_ABOUT = '10 minutes';
/** How long a change is remembered (`pruneMemoryTagChanges`). */
export const TAG_CHANGES_KEPT_MS = 60 * 60 * 1000;

/** Namespace of the advisory lock that serializes the resolving writers of one tag's memories. */
const TAG_MEMORIES_LOCK_CLASS = 0x656e_6d6d;

/**
 * Taken first in a transaction that resolves new statements against a tag's memories (the memory
 * step, a direct write), held to its end: two documents stating one fact side by side would
 * otherwise each find no memory of it committed and store it twice. Only such writers take it, and
 * each holds it for a transaction of writes; what they resolve against is read before it.
 */
export async function lockTagMemories(db: Tx, orgId: string, containerTag: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(${TAG_MEMORIES_LOCK_CLASS}::int, hashtext(${orgId} || '/' || ${containerTag}))`);
}

/** The moment to ask `changedSince` about: take it before reading what it should vouch for. */
export async function committedNow(db: Tx): Promise<CommittedAt> {
  const [row] = await queryRows<{ snapshot: string; at: string }>(db, sql`SELECT pg_current_snapshot()::text AS snapshot, clock_timestamp()::text AS at`);
  return row;
}

/**
 * Whether a transaction that `since` did not see has changed the tag's memories or their source
 * links (the triggers of migration 0023 record each one) and committed, or is the caller's own. Every
 * transaction `since` did not see has an id at or after its oldest running one, so only the tag's
 * rows from there on are looked at (the key's range), never a memory. A `since` older than ten
 * minutes counts as changed: rows as old may have been forgotten.
 */
export async function tagChangedSince(db: Tx, orgId: string, containerTag: string, since: CommittedAt): Promise<boolean> {
  const [row] = await queryRows<{ changed: boolean }>(
    db,
    sql`SELECT clock_timestamp() - ${since.at}::timestamptz > ${OLDEST_ASKED_ABOUT}::interval OR EXISTS (
        SELECT 1 FROM memory_tag_changes c
        WHERE c.org_id = ${orgId} AND c.container_tag = ${containerTag}
          AND c.xact >= pg_snapshot_xmin(${since.snapshot}::pg_snapshot)
          AND NOT pg_visible_in_snapshot(c.xact, ${since.snapshot}::pg_snapshot)
      ) AS changed`,
  );
  return row.changed;
}

/**
 * Forgets the changes recorded before `before` by transactions that have ended (a running one's row
 * is not seen, and its row stays until it is old again after it commits). Rows are only deleted
 * here, by the scheduler, so no writer of memories waits for it.
 */
export async function pruneMemoryTagChanges(db: Tx, before: Date): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`WITH gone AS (DELETE FROM memory_tag_changes WHERE changed_at < ${before.toISOString()}::timestamptz RETURNING 1) SELECT count(*)::int AS n FROM gone`,
  );
  return rows[0].n;
}
