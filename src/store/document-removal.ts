import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from './database.js';
import { filepathCondition } from './documents.js';
import { documents } from './schema/documents.js';
import { queryRows } from './sql.js';

/**
 * Every way documents are deleted. Only `core/memories/lineage.ts` calls this file (a rule of
 * `.dependency-cruiser.cjs`): a deletion hands back the memories the documents were sources of, and
 * lineage settles them, so no path can delete documents and leave their memories behind.
 */
export type DocumentRemovalScope =
  /** These documents (unknown ids are left out). */
  | { ids: string[] }
  /** Every document of the tags and/or under the filepath (a path ending in `/` is a folder); neither: the whole org. */
  | { containerTags?: string[]; filepath?: string }
  /** A connection's documents: all of them, or those imported for these external ids. */
  | { connectionId: string; externalIds?: string[] }
  /** Up to this many of the organization's documents, in id order (an org reset deletes in batches). */
  | { batch: number };

export interface RemovedDocuments {
  /** The documents deleted, with the tag each was in. */
  documents: { id: string; containerTag: string }[];
  /** Memories that had one of them as a source: their links are gone with the documents. */
  unlinkedMemoryIds: string[];
}

function scopeCondition(orgId: string, scope: DocumentRemovalScope): SQL | undefined {
  const org = eq(documents.orgId, orgId);
  if ('ids' in scope) return and(org, inArray(documents.id, scope.ids));
  if ('connectionId' in scope) {
    const connection = and(org, eq(documents.connectionId, scope.connectionId));
    return scope.externalIds ? and(connection, inArray(documents.externalId, scope.externalIds)) : connection;
  }
  if ('batch' in scope) {
    return sql`${documents.id} in (select id from ${documents} where org_id = ${orgId} order by id limit ${scope.batch})`;
  }
  const where = [org];
  if (scope.containerTags?.length) where.push(inArray(documents.containerTag, scope.containerTags));
  if (scope.filepath !== undefined) where.push(filepathCondition(scope.filepath));
  return and(...where);
}

const nothingSelected = (scope: DocumentRemovalScope) =>
  ('ids' in scope && scope.ids.length === 0) || ('externalIds' in scope && scope.externalIds?.length === 0);

/**
 * Deletes the documents of a scope (their chunks, files, jobs and memory links go with them) and
 * reads, in the same statement, which memories they were sources of: the statement sees the links
 * as they were before the cascade removed them.
 */
export async function deleteDocumentsAndLinks(db: Tx, orgId: string, scope: DocumentRemovalScope): Promise<RemovedDocuments> {
  if (nothingSelected(scope)) return { documents: [], unlinkedMemoryIds: [] };
  const rows = await queryRows<{ id: string; container_tag: string; memory_ids: string[] | null }>(
    db,
    sql`with gone as (delete from ${documents} where ${scopeCondition(orgId, scope)} returning id, container_tag)
        select gone.id, gone.container_tag,
          (select array_agg(s.memory_id) from memory_sources s where s.document_id = gone.id) as memory_ids
        from gone`,
  );
  return {
    documents: rows.map((r) => ({ id: r.id, containerTag: r.container_tag })),
    unlinkedMemoryIds: [...new Set(rows.flatMap((r) => r.memory_ids ?? []))],
  };
}
