import { eq, getTableColumns, type SQL } from 'drizzle-orm';
import { memories } from '../schema/memories.js';

/**
 * The columns of a MemoryRecord: every column but the vector and the full-text vector, which only
 * SQL reads. Reading them would format 512 numbers as text in the database and parse them back for
 * every row, only to drop them.
 */
const { embedding: _embedding, tsv: _tsv, ...memoryRecordColumns } = getTableColumns(memories);

export { memoryRecordColumns };

/** What a tag states now: its latest memories, not forgotten (conditions for `and`). */
export function liveInTag(orgId: string, containerTag: string): SQL[] {
  return [eq(memories.orgId, orgId), eq(memories.containerTag, containerTag), eq(memories.isLatest, true), eq(memories.isForgotten, false)];
}
