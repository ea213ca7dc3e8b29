import { chainRoot, type MemoryRelation, type MemoryRecord } from '../../model/memories.js';

export interface VersionRelative {
  id: string;
  memory: string;
  relation: MemoryRelation;
  updatedAt: Date;
  metadata: Record<string, unknown> | null;
  /** Relative to the hit: −1 is the version it replaced, +1 the one that replaced it. */
  version: number;
}

export interface RelatedMemory {
  id: string;
  memory: string;
  relation: 'extends' | 'derives';
  updatedAt: Date;
  metadata: Record<string, unknown> | null;
}

export interface MemoryContext {
  parents: VersionRelative[];
  children: VersionRelative[];
  related: RelatedMemory[];
}

/** Ids of memories the hits point at through `extends` / `derives` relations. */
export function relatedIds(hits: MemoryRecord[]): string[] {
  const ids = new Set<string>();
  for (const hit of hits) {
    for (const [id, relation] of Object.entries(hit.relations ?? {})) {
      if (relation === 'extends' || relation === 'derives') ids.add(id);
    }
  }
  return [...ids];
}

/** The version chain around a hit and the memories it extends or derives from. */
export function memoryContext(hit: MemoryRecord, chain: MemoryRecord[], related: Map<string, MemoryRecord>): MemoryContext {
  const versions = chain.filter((m) => chainRoot(m) === chainRoot(hit) && m.id !== hit.id);
  const relative = (m: MemoryRecord): VersionRelative => ({
    id: m.id,
    memory: m.memory,
    relation: 'updates',
    updatedAt: m.updatedAt,
    metadata: m.metadata ?? null,
    version: m.version - hit.version,
  });
  return {
    parents: versions
      .filter((m) => m.version < hit.version)
      .map(relative)
      .sort((a, b) => b.version - a.version),
    children: versions
      .filter((m) => m.version > hit.version)
      .map(relative)
      .sort((a, b) => a.version - b.version),
    related: Object.entries(hit.relations ?? {}).flatMap(([id, relation]) => {
      const other = related.get(id);
      if (!other || (relation !== 'extends' && relation !== 'derives')) return [];
      return [{ id: other.id, memory: other.memory, relation, updatedAt: other.updatedAt, metadata: other.metadata ?? null }];
    }),
  };
}
