import { and, asc, eq, inArray, isNotNull, notInArray, or, sql } from 'drizzle-orm';
import type { Tx } from './database.js';
import { firstRow } from './rows.js';
import { queryRows } from './sql.js';
import { chunks } from './schema/chunks.js';
import { containerTagMerges } from './schema/container-tag-merges.js';
import { documents } from './schema/documents.js';
import { jobs } from './schema/jobs.js';
import { memories } from './schema/memories.js';
import type { MergeStatus, MergeRecord } from '../model/tags.js';

export type MergePatch = Partial<Pick<MergeRecord, 'status' | 'progress' | 'lastError' | 'completedAt'>>;

export const FINISHED_MERGE_STATUSES: MergeStatus[] = ['completed', 'failed'];

/** Namespace of the advisory lock that orders tag writes against the start of a merge. */
const TAG_WRITE_LOCK_CLASS = 0x656e_6d67;

/** Taken by every write to a container tag; many writers share it. */
export async function lockTagWritesShared(db: Tx, orgId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock_shared(${TAG_WRITE_LOCK_CLASS}::int, hashtext(${orgId}))`);
}

/** Taken when a merge starts: waits for in-flight writes of the org, and holds new ones until the merge is recorded. */
export async function lockTagWritesExclusive(db: Tx, orgId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${TAG_WRITE_LOCK_CLASS}::int, hashtext(${orgId}))`);
}

export async function insertMerge(db: Tx, merge: typeof containerTagMerges.$inferInsert): Promise<MergeRecord> {
  const [row] = await db.insert(containerTagMerges).values(merge).returning();
  return row;
}

export async function getMerge(db: Tx, orgId: string, id: string): Promise<MergeRecord | undefined> {
  return firstRow(db, containerTagMerges, and(eq(containerTagMerges.orgId, orgId), eq(containerTagMerges.id, id)));
}

/** The merge row, locked: concurrent runs of one merge (a job taken over after a lost lease) take turns. */
export async function lockMerge(db: Tx, orgId: string, id: string): Promise<MergeRecord | undefined> {
  const [row] = await db
    .select()
    .from(containerTagMerges)
    .where(and(eq(containerTagMerges.orgId, orgId), eq(containerTagMerges.id, id)))
    .for('update')
    .limit(1);
  return row;
}

export async function updateMerge(db: Tx, orgId: string, id: string, patch: MergePatch, now: Date): Promise<void> {
  await db
    .update(containerTagMerges)
    .set({ ...patch, updatedAt: now })
    .where(and(eq(containerTagMerges.orgId, orgId), eq(containerTagMerges.id, id)));
}

/** Unfinished merges that involve any of `tags`, as source or target; all of the org's when `tags` is omitted. */
export async function findActiveMerges(db: Tx, orgId: string, tags?: string[]): Promise<MergeRecord[]> {
  const where = [eq(containerTagMerges.orgId, orgId), notInArray(containerTagMerges.status, FINISHED_MERGE_STATUSES)];
  if (tags) {
    if (tags.length === 0) return [];
    const list = sql`ARRAY[${sql.join(
      tags.map((t) => sql`${t}`),
      sql`, `,
    )}]::text[]`;
    where.push(or(inArray(containerTagMerges.targetTag, tags), sql`${containerTagMerges.sourceTags} && ${list}`)!);
  }
  return db
    .select()
    .from(containerTagMerges)
    .where(and(...where))
    .orderBy(asc(containerTagMerges.createdAt));
}

/** Queues a run of a merge; `runAt` lets a merge that waits for ingest come back later without holding a worker. */
export async function enqueueMergeJob(db: Tx, job: { id: string; orgId: string; mergeId: string; maxAttempts: number; runAt?: Date }): Promise<void> {
  await db.insert(jobs).values({
    id: job.id,
    orgId: job.orgId,
    kind: 'merge',
    payload: { mergeId: job.mergeId },
    maxAttempts: job.maxAttempts,
    ...(job.runAt ? { runAt: job.runAt } : {}),
    status: 'queued',
  });
}

/**
 * Documents of the tags that still have work under way: not yet done or failed, or with a job of
 * any kind queued or running for them.
 */
export async function countDocumentsInFlight(db: Tx, orgId: string, tags: string[]): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from ${documents} d
        where d.org_id = ${orgId} and d.container_tag in ${tags}
          and (d.status not in ('done', 'failed')
               or exists (select 1 from ${jobs} j where j.document_id = d.id and j.status in ('queued', 'running')))`,
  );
  return Number(row.n);
}

export interface TaggedCustomId {
  id: string;
  customId: string;
  containerTag: string;
}

/** Documents with a customId in the given tags, locked for the move. */
export async function lockCustomIdDocuments(db: Tx, orgId: string, tags: string[]): Promise<TaggedCustomId[]> {
  const rows = await db
    .select({ id: documents.id, customId: documents.customId, containerTag: documents.containerTag })
    .from(documents)
    .where(and(eq(documents.orgId, orgId), inArray(documents.containerTag, tags), isNotNull(documents.customId)))
    .orderBy(asc(documents.id))
    .for('update');
  return rows.map((r) => ({ id: r.id, customId: r.customId!, containerTag: r.containerTag }));
}

export async function setCustomId(db: Tx, orgId: string, documentId: string, customId: string): Promise<void> {
  await db
    .update(documents)
    .set({ customId })
    .where(and(eq(documents.orgId, orgId), eq(documents.id, documentId)));
}

/** Moves the organization's rows of `table` from the tag `from` to `to`; returns how many moved. */
async function moveTagRows(db: Tx, table: typeof documents | typeof chunks | typeof memories, orgId: string, from: string, to: string): Promise<number> {
  const rows = await db
    .update(table)
    .set({ containerTag: to })
    .where(and(eq(table.orgId, orgId), eq(table.containerTag, from)))
    .returning({ id: table.id });
  return rows.length;
}

export function moveDocuments(db: Tx, orgId: string, from: string, to: string): Promise<number> {
  return moveTagRows(db, documents, orgId, from, to);
}

export function moveChunks(db: Tx, orgId: string, from: string, to: string): Promise<number> {
  return moveTagRows(db, chunks, orgId, from, to);
}

/**
 * A latest, unforgotten memory of `from` whose text equals one already latest in `to` would be a
 * duplicate there: it is forgotten (kept, with a reason naming the survivor) and its document links
 * are added to the survivor, whose sourceCount follows its links. Returns how many were folded.
 */
export async function foldDuplicateMemories(db: Tx, orgId: string, from: string, to: string, now: Date): Promise<number> {
  const folded = await queryRows<{ id: string; kept_id: string }>(
    db,
    sql`
      update ${memories} m
      set is_forgotten = true,
          forget_reason = 'duplicate of ' || d.kept_id || ' after a container tag merge',
          updated_at = ${now.toISOString()}::timestamptz
      from (
        select s.id,
          (select t.id from ${memories} t
            where t.org_id = ${orgId} and t.container_tag = ${to} and t.is_latest and not t.is_forgotten
              and t.memory = s.memory
            order by t.id limit 1) as kept_id
        from ${memories} s
        where s.org_id = ${orgId} and s.container_tag = ${from} and s.is_latest and not s.is_forgotten
      ) d
      where m.id = d.id and d.kept_id is not null
      returning m.id, d.kept_id`,
  );
  for (const { id, kept_id } of folded) {
    await db.execute(sql`
      insert into memory_sources (memory_id, document_id, org_id, relevance_score, turn)
      select ${kept_id}, document_id, org_id, relevance_score, turn from memory_sources
      where memory_id = ${id} and org_id = ${orgId}
      on conflict do nothing`);
  }
  const kept = [...new Set(folded.map((f) => f.kept_id))];
  if (kept.length) {
    await db.execute(sql`
      update ${memories} m set source_count = greatest(1, (select count(*) from memory_sources s where s.memory_id = m.id))
      where m.org_id = ${orgId} and m.id in ${kept} and not m.is_inference`);
  }
  return folded.length;
}

export function moveMemories(db: Tx, orgId: string, from: string, to: string): Promise<number> {
  return moveTagRows(db, memories, orgId, from, to);
}
