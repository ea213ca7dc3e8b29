import { z } from 'zod';
import type { MemoryRecord } from '../../model/memories.js';
import { iso } from '../../model/timestamps.js';

export const MemoryVersionView = z.object({
  id: z.string(),
  memory: z.string(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  parentMemoryId: z.string().nullable(),
  rootMemoryId: z.string().nullable(),
  isLatest: z.boolean(),
  isForgotten: z.boolean(),
});

export const MemoryEntryView = z
  .object({
    id: z.string(),
    memory: z.string(),
    containerTag: z.string(),
    version: z.number(),
    isLatest: z.boolean(),
    isForgotten: z.boolean(),
    isStatic: z.boolean(),
    isInference: z.boolean().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    spaceId: z.string().nullable(),
    orgId: z.string(),
    sourceCount: z.number(),
    parentMemoryId: z.string().nullable(),
    rootMemoryId: z.string().nullable(),
    forgetAfter: z.string().nullable(),
    forgetReason: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()).nullable(),
    memoryRelations: z.record(z.string(), z.enum(['updates', 'extends', 'derives'])).nullable(),
    temporalContext: z.object({ documentDate: z.string().nullish(), eventDate: z.array(z.string()).nullish() }).nullable(),
    history: z.array(MemoryVersionView),
    documentIds: z.array(z.string()),
  })
  .meta({ id: 'MemoryEntry' });

/** The fields every answer about a memory just written (created or updated) carries. */
export const WrittenMemoryView = z.object({
  id: z.string(),
  memory: z.string(),
  createdAt: z.string(),
  forgetAfter: z.string().nullable(),
  forgetReason: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
});

export function toWrittenMemory(m: MemoryRecord): z.infer<typeof WrittenMemoryView> {
  return {
    id: m.id,
    memory: m.memory,
    createdAt: m.createdAt.toISOString(),
    forgetAfter: iso(m.forgetAfter),
    forgetReason: m.forgetReason,
    metadata: m.metadata ?? null,
  };
}

export function toMemoryVersion(m: MemoryRecord): z.infer<typeof MemoryVersionView> {
  return {
    id: m.id,
    memory: m.memory,
    version: m.version,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
    parentMemoryId: m.parentMemoryId,
    rootMemoryId: m.rootMemoryId,
    isLatest: m.isLatest,
    isForgotten: m.isForgotten,
  };
}

export function toMemoryEntry(item: { memory: MemoryRecord; spaceId: string | null; history: MemoryRecord[]; documentIds: string[] }) {
  const m = item.memory;
  return {
    ...toMemoryVersion(m),
    containerTag: m.containerTag,
    isStatic: m.isStatic,
    isInference: m.isInference,
    spaceId: item.spaceId,
    orgId: m.orgId,
    sourceCount: m.sourceCount,
    forgetAfter: iso(m.forgetAfter),
    forgetReason: m.forgetReason,
    metadata: m.metadata ?? null,
    memoryRelations: m.relations,
    temporalContext: m.temporalContext ?? null,
    history: item.history.map(toMemoryVersion),
    documentIds: item.documentIds,
  };
}
