import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FilterNode } from '../model/filters.js';
import type { Tx } from './database.js';
import { firstRow } from './rows.js';
import { queryRows } from './sql.js';
import { filterToSql } from './filter-sql.js';
import { memories } from './schema/memories.js';
import { profiles } from './schema/profiles.js';
import type { ProfileEntry } from '../model/profiles.js';

export type ProfileRow = typeof profiles.$inferSelect;

export const PROFILE_LIMITS = { static: 100, dynamic: 50, perBucket: 30 } as const;

/**
 * The date a profile line carries: when the event happened, else the day it was written down
 * (the SQL function of migration 0013, so the dynamic list's index can order by it).
 */
const entryDate = sql<string>`memory_profile_date(${memories.temporalContext}, ${memories.createdAt})`;

/**
 * The live, stated memories of a tag. The flags are written out, not bound, so the planner can
 * match the partial indexes a profile rebuild reads (schema/memories.ts).
 */
function liveMemories(orgId: string, containerTag: string, now: Date, extra?: SQL): SQL | undefined {
  return and(
    eq(memories.orgId, orgId),
    eq(memories.containerTag, containerTag),
    sql`${memories.isLatest} AND NOT ${memories.isForgotten} AND NOT ${memories.isInference}`,
    sql`(${memories.forgetAfter} is null or ${memories.forgetAfter} > ${now.toISOString()}::timestamptz)`,
    extra,
  );
}

const entryColumns = {
  memoryId: memories.id,
  memory: memories.memory,
  date: entryDate,
  forgetAfter: sql<string | null>`to_char(${memories.forgetAfter} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  buckets: memories.buckets,
};

/** Static, dynamic and bucket lines of a tag, straight from its memories (optionally narrowed to memories matching `filters`). */
export async function computeProfile(db: Tx, orgId: string, containerTag: string, now: Date, filters?: FilterNode) {
  if (!filters) return readStoredLists(db, orgId, containerTag, now);
  return inIndexOrder(db, (tx) => readProfileLists(tx, orgId, containerTag, now, filters));
}

interface ListRow extends ProfileEntry {
  list: 'static' | 'dynamic' | 'buckets';
  buckets: string[];
}

/**
 * The three lists in one statement and no transaction (a rebuild runs after every change of a
 * tag's memories): `memory_profile_lists` (migration 0022) reads them as `readProfileLists` does,
 * with sorting priced out by the function's own setting.
 */
async function readStoredLists(db: Tx, orgId: string, containerTag: string, now: Date) {
  const rows = await queryRows<ListRow>(
    db,
    sql`SELECT list, memory_id AS "memoryId", memory, date, forget_after AS "forgetAfter", buckets
      FROM memory_profile_lists(${orgId}, ${containerTag}, ${now.toISOString()}::timestamptz,
        ${PROFILE_LIMITS.static}, ${PROFILE_LIMITS.dynamic}, ${PROFILE_LIMITS.perBucket * 20})`,
  );
  return profileLists(
    rows.filter((r) => r.list === 'static'),
    rows.filter((r) => r.list === 'dynamic'),
    rows.filter((r) => r.list === 'buckets'),
  );
}

/**
 * Runs `reads` with sorting priced out, so each list is read as the first rows of its partial
 * index rather than by sorting every live memory of the tag. The planner would otherwise sort
 * whenever its statistics are stale, as they are in the embedded database (which has no
 * autovacuum) after a run of writes: 3.9 against 0.3 ms at 1,000 memories a rebuild.
 */
async function inIndexOrder<T>(db: Tx, reads: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('enable_sort', 'off', true)`);
    const result = await reads(tx);
    // Within a caller's transaction the setting would outlive this one (a savepoint).
    await tx.execute(sql`SELECT set_config('enable_sort', 'on', true)`);
    return result;
  });
}

async function readProfileLists(db: Tx, orgId: string, containerTag: string, now: Date, filters?: FilterNode) {
  const narrow = filters ? filterToSql(filters, memories.metadata) : undefined;
  // One after the other, not at once: `db` is a transaction, one connection that runs one query at a time.
  const staticRows = await db
    .select(entryColumns)
    .from(memories)
    .where(liveMemories(orgId, containerTag, now, and(sql`${memories.isStatic}`, narrow)))
    .orderBy(desc(memories.sourceCount), desc(memories.updatedAt))
    .limit(PROFILE_LIMITS.static);
  const dynamicRows = await db
    .select(entryColumns)
    .from(memories)
    .where(liveMemories(orgId, containerTag, now, and(sql`NOT ${memories.isStatic}`, narrow)))
    .orderBy(desc(entryDate), desc(memories.createdAt))
    .limit(PROFILE_LIMITS.dynamic);
  const bucketRows = await db
    .select(entryColumns)
    .from(memories)
    .where(liveMemories(orgId, containerTag, now, and(sql`cardinality(${memories.buckets}) > 0`, narrow)))
    .orderBy(desc(memories.updatedAt))
    .limit(PROFILE_LIMITS.perBucket * 20);
  return profileLists(staticRows, dynamicRows, bucketRows);
}

type EntryRow = ProfileEntry & { buckets: string[] };

function profileLists(staticRows: EntryRow[], dynamicRows: EntryRow[], bucketRows: EntryRow[]) {
  const strip = ({ buckets: _buckets, list: _list, ...entry }: EntryRow & { list?: string }): ProfileEntry => entry;
  const bucketEntries: Record<string, ProfileEntry[]> = {};
  for (const row of bucketRows) {
    for (const key of row.buckets) {
      const list = (bucketEntries[key] ??= []);
      if (list.length < PROFILE_LIMITS.perBucket) list.push(strip(row));
    }
  }
  return { staticEntries: staticRows.map(strip), dynamicEntries: dynamicRows.map(strip), bucketEntries };
}

export async function saveProfile(
  db: Tx,
  orgId: string,
  containerTag: string,
  profile: Pick<ProfileRow, 'staticEntries' | 'dynamicEntries' | 'bucketEntries'>,
  now: Date,
): Promise<void> {
  const values = { ...profile, updatedAt: now };
  await db
    .insert(profiles)
    .values({ orgId, containerTag, ...values })
    .onConflictDoUpdate({ target: [profiles.orgId, profiles.containerTag], set: values });
}

export async function readProfile(db: Tx, orgId: string, containerTag: string): Promise<ProfileRow | undefined> {
  return firstRow(db, profiles, and(eq(profiles.orgId, orgId), eq(profiles.containerTag, containerTag)));
}

export async function deleteProfiles(db: Tx, orgId: string, containerTags?: string[]): Promise<void> {
  await db.delete(profiles).where(and(eq(profiles.orgId, orgId), containerTags ? inArray(profiles.containerTag, containerTags) : undefined));
}

/** Recent live memory texts across an organization, for topic suggestions. */
export async function sampleOrgMemories(db: Tx, orgId: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ memory: memories.memory })
    .from(memories)
    .where(and(eq(memories.orgId, orgId), eq(memories.isLatest, true), eq(memories.isForgotten, false)))
    .orderBy(desc(memories.updatedAt))
    .limit(limit);
  return rows.map((r) => r.memory);
}
