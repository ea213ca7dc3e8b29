import { and, eq, inArray, ne, sql, isNotNull, or } from 'drizzle-orm';
import type { Tx } from './database.js';
import { firstRow } from './rows.js';
import { queryRows } from './sql.js';
import { spaces } from './schema/spaces.js';
import type { SpaceRecord } from '../model/tags.js';

export type SpaceSettingsPatch = Partial<Pick<SpaceRecord, 'name' | 'entityContext' | 'memoryFilesystemPaths' | 'profileBuckets'>>;

export interface TagStats {
  containerTag: string;
  spaceId: string | null;
  name: string | null;
  createdAt: Date;
  updatedAt: Date;
  documentCount: number;
  memoryCount: number;
  lastActivityAt: Date | null;
}

interface TagStatsRow {
  container_tag: string;
  space_id: string | null;
  name: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  document_count: number | string;
  memory_count: number | string;
  last_activity_at: Date | string | null;
}

const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/**
 * Every container tag of an org: those with a space row and those that only have documents or
 * live memories, each with its counts (memories: latest and not forgotten).
 */
export async function listTagStats(db: Tx, orgId: string, onlyTag?: string): Promise<TagStats[]> {
  const tagFilter = onlyTag === undefined ? sql`` : sql` and container_tag = ${onlyTag}`;
  const rows = await queryRows<TagStatsRow>(
    db,
    sql`
      with doc as (
        select container_tag, count(*) as n, min(created_at) as first_at, max(updated_at) as last_at
        from documents where org_id = ${orgId}${tagFilter} group by container_tag
      ), mem as (
        select container_tag,
          count(*) filter (where is_latest and not is_forgotten) as n,
          min(created_at) as first_at, max(updated_at) as last_at
        from memories where org_id = ${orgId}${tagFilter} group by container_tag
      ), space as (
        select id, container_tag, name, created_at, updated_at from spaces where org_id = ${orgId}${tagFilter}
      ), tag as (
        select container_tag from space
        union select container_tag from doc
        union select container_tag from mem where n > 0
      )
      select tag.container_tag,
        space.id as space_id,
        space.name,
        coalesce(space.created_at, least(doc.first_at, mem.first_at)) as created_at,
        coalesce(space.updated_at, greatest(doc.last_at, mem.last_at)) as updated_at,
        coalesce(doc.n, 0) as document_count,
        coalesce(mem.n, 0) as memory_count,
        greatest(doc.last_at, mem.last_at) as last_activity_at
      from tag
      left join space on space.container_tag = tag.container_tag
      left join doc on doc.container_tag = tag.container_tag
      left join mem on mem.container_tag = tag.container_tag
      order by tag.container_tag`,
  );
  return rows.map((r) => ({
    containerTag: r.container_tag,
    spaceId: r.space_id,
    name: r.name,
    createdAt: asDate(r.created_at),
    updatedAt: asDate(r.updated_at),
    documentCount: Number(r.document_count),
    memoryCount: Number(r.memory_count),
    lastActivityAt: r.last_activity_at === null ? null : asDate(r.last_activity_at),
  }));
}

export async function getSpace(db: Tx, orgId: string, containerTag: string): Promise<SpaceRecord | undefined> {
  return firstRow(db, spaces, and(eq(spaces.orgId, orgId), eq(spaces.containerTag, containerTag)));
}

export async function getSpaces(db: Tx, orgId: string, containerTags: string[]): Promise<SpaceRecord[]> {
  if (containerTags.length === 0) return [];
  return db
    .select()
    .from(spaces)
    .where(and(eq(spaces.orgId, orgId), inArray(spaces.containerTag, containerTags)));
}

/** Creates the space if needed and applies the given settings. */
export async function upsertSpace(db: Tx, orgId: string, containerTag: string, id: string, patch: SpaceSettingsPatch, now: Date): Promise<SpaceRecord> {
  const [row] = await db
    .insert(spaces)
    .values({ id, orgId, containerTag, ...patch, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [spaces.orgId, spaces.containerTag], set: { ...patch, updatedAt: now } })
    .returning();
  return row;
}

export async function deleteSpaces(db: Tx, orgId: string, containerTags: string[]): Promise<number> {
  if (containerTags.length === 0) return 0;
  const rows = await db
    .delete(spaces)
    .where(and(eq(spaces.orgId, orgId), inArray(spaces.containerTag, containerTags)))
    .returning({ id: spaces.id });
  return rows.length;
}

export async function deleteSpacesExcept(db: Tx, orgId: string, keepTag: string): Promise<number> {
  const rows = await db
    .delete(spaces)
    .where(and(eq(spaces.orgId, orgId), ne(spaces.containerTag, keepTag)))
    .returning({ id: spaces.id });
  return rows.length;
}

/** Container tags come into being on first write. */
export async function ensureSpace(db: Tx, orgId: string, containerTag: string, id: string): Promise<void> {
  await db.insert(spaces).values({ id, orgId, containerTag }).onConflictDoNothing();
}

export async function setSpaceEntityContext(db: Tx, orgId: string, containerTag: string, entityContext: string | null, now: Date): Promise<void> {
  await db
    .update(spaces)
    .set({ entityContext, updatedAt: now })
    .where(and(eq(spaces.orgId, orgId), eq(spaces.containerTag, containerTag)));
}

/** Empties a space's settings; true when it had any. */
export async function clearSpaceSettings(db: Tx, orgId: string, containerTag: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(spaces)
    .set({ name: null, entityContext: null, memoryFilesystemPaths: null, profileBuckets: null, updatedAt: now })
    .where(
      and(
        eq(spaces.orgId, orgId),
        eq(spaces.containerTag, containerTag),
        or(isNotNull(spaces.name), isNotNull(spaces.entityContext), isNotNull(spaces.memoryFilesystemPaths), isNotNull(spaces.profileBuckets)),
      ),
    )
    .returning({ id: spaces.id });
  return rows.length > 0;
}
