import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Tx } from './database.js';
import { memories } from './schema/memories.js';
import { memorySources } from './schema/memory-sources.js';
import { spaces } from './schema/spaces.js';
import type { MemoryRecord } from '../model/memories.js';

export interface DocumentMemoryRow {
  documentId: string;
  memory: MemoryRecord;
  spaceId: string | null;
}

/**
 * The latest, unforgotten memories that came from each of the documents, newest first and at most
 * `perDocument` per document, in one query for any number of documents.
 */
export async function listLatestMemoriesOfDocuments(
  db: Tx,
  orgId: string,
  scope: { documentIds: string[]; containerTags: string[] },
  perDocument: number,
): Promise<DocumentMemoryRow[]> {
  if (!scope.documentIds.length) return [];
  const ranked = db
    .select({
      documentId: memorySources.documentId,
      memoryId: memorySources.memoryId,
      rank: sql<number>`row_number() over (partition by ${memorySources.documentId} order by ${memories.createdAt} desc, ${memories.id} desc)`.as(
        'rank',
      ),
    })
    .from(memorySources)
    .innerJoin(memories, eq(memories.id, memorySources.memoryId))
    .where(
      and(
        eq(memorySources.orgId, orgId),
        inArray(memorySources.documentId, scope.documentIds),
        eq(memories.orgId, orgId),
        inArray(memories.containerTag, scope.containerTags),
        eq(memories.isLatest, true),
        eq(memories.isForgotten, false),
      ),
    )
    .as('ranked');
  return db
    .select({ documentId: ranked.documentId, memory: memories, spaceId: spaces.id })
    .from(ranked)
    .innerJoin(memories, eq(memories.id, ranked.memoryId))
    .leftJoin(spaces, and(eq(spaces.orgId, memories.orgId), eq(spaces.containerTag, memories.containerTag)))
    .where(lte(ranked.rank, perDocument))
    .orderBy(ranked.documentId, ranked.rank);
}
