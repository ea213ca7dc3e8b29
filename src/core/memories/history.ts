import type { Tx } from '../../store/database.js';
import { listSourceDocuments, listVersions } from '../../store/memories/records.js';
import type { MemoryRecord } from '../../model/memories.js';

/** A latest memory with its earlier versions and the documents any version came from. */
export interface ListedMemory {
  memory: MemoryRecord;
  spaceId: string | null;
  history: MemoryRecord[];
  documentIds: string[];
}

const rootOf = (m: MemoryRecord) => m.rootMemoryId ?? m.id;

function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** Adds history and source documents to latest memories: two queries however many memories there are. */
export async function withHistoryAndSources(
  db: Tx,
  orgId: string,
  rows: { memory: MemoryRecord; spaceId: string | null }[],
): Promise<ListedMemory[]> {
  const versions = await listVersions(db, orgId, [...new Set(rows.map((r) => rootOf(r.memory)))]);
  const memoryIds = [...new Set([...versions.map((v) => v.id), ...rows.map((r) => r.memory.id)])];
  const sources = (await listSourceDocuments(db, orgId, memoryIds)).map((source, order) => ({ ...source, order }));
  const chains = groupBy(versions, rootOf);
  const sourcesOf = groupBy(sources, (s) => s.memoryId);
  return rows.map(({ memory, spaceId }) => {
    const chain = chains.get(rootOf(memory)) ?? [];
    const chainIds = new Set([memory.id, ...chain.map((v) => v.id)]);
    const chainSources = [...chainIds].flatMap((id) => sourcesOf.get(id) ?? []).sort((a, b) => a.order - b.order);
    return {
      memory,
      spaceId,
      history: chain.filter((v) => v.id !== memory.id),
      documentIds: [...new Set(chainSources.map((s) => s.documentId))],
    };
  });
}
