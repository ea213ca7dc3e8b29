import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Tx } from './database.js';
import { queryRows } from './sql.js';
import { memories } from './schema/memories.js';
import { spaces } from './schema/spaces.js';

/** Deletes up to `limit` of the org's documents (chunks, files, jobs and memory links go with them). */
export async function deleteDocumentBatch(db: Tx, orgId: string, limit: number): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`delete from documents where id in (
          select id from documents where org_id = ${orgId} order by id limit ${limit}
        ) returning id`,
  );
  return rows.length;
}

/** Every memory row of the org, all versions, forgotten or not. */
export async function deleteOrgMemories(db: Tx, orgId: string): Promise<number> {
  const rows = await db.delete(memories).where(eq(memories.orgId, orgId)).returning({ id: memories.id });
  return rows.length;
}

/** Empties a space's settings; true when it had any. */
export async function clearSpaceSettings(db: Tx, orgId: string, containerTag: string): Promise<boolean> {
  const rows = await db
    .update(spaces)
    .set({ name: null, entityContext: null, memoryFilesystemPaths: null, profileBuckets: null, updatedAt: new Date() })
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
