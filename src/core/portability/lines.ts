import type { pageChunks, pageDocuments, pageMemories, listProfilesOf, listSpacesOf } from '../../store/portability.js';
import type { ChunkLine, DocumentLine, MemoryLine, ProfileLine, SpaceLine } from './format.js';
import { iso } from '../../model/timestamps.js';

/** Stored rows → export lines: every field that makes up the record, none of the bookkeeping (jobs, processing log, generation). */

type Row<F extends (...args: never[]) => Promise<unknown[]>> = Awaited<ReturnType<F>>[number];

export function spaceLine(s: Row<typeof listSpacesOf>): SpaceLine {
  return {
    kind: 'space',
    containerTag: s.containerTag,
    name: s.name,
    entityContext: s.entityContext,
    memoryFilesystemPaths: s.memoryFilesystemPaths,
    profileBuckets: s.profileBuckets,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

export function documentLine(d: Row<typeof pageDocuments>['document'], f: Row<typeof pageDocuments>['file']): DocumentLine {
  return {
    kind: 'document',
    id: d.id,
    containerTag: d.containerTag,
    customId: d.customId,
    status: d.status,
    taskType: d.taskType,
    type: d.type,
    title: d.title,
    source: d.source,
    content: d.content,
    url: d.url,
    summary: d.summary,
    filepath: d.filepath,
    metadata: d.metadata,
    connectorSource: d.connectorSource,
    documentDate: iso(d.documentDate),
    error: d.error,
    memoryCursor: (d.memoryCursor as Record<string, unknown> | null) ?? null,
    file: f ? { filename: f.filename, mimeType: f.mimeType, forcedType: f.forcedType, size: f.size, base64: Buffer.from(f.data).toString('base64') } : null,
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
  };
}

export function chunkLine(c: Row<typeof pageChunks>): ChunkLine {
  return {
    kind: 'chunk',
    id: c.id,
    documentId: c.documentId,
    position: c.position,
    content: c.content,
    type: c.type,
    headingPath: c.headingPath,
    metadata: c.metadata,
    ...(c.embedding ? { embedding: c.embedding } : {}),
    createdAt: c.createdAt.toISOString(),
  };
}

export function memoryLine(m: Row<typeof pageMemories>): MemoryLine {
  return {
    kind: 'memory',
    id: m.id,
    containerTag: m.containerTag,
    memory: m.memory,
    version: m.version,
    isLatest: m.isLatest,
    parentMemoryId: m.parentMemoryId,
    rootMemoryId: m.rootMemoryId,
    relations: m.relations,
    sourceCount: m.sourceCount,
    isInference: m.isInference,
    isForgotten: m.isForgotten,
    isStatic: m.isStatic,
    forgetAfter: iso(m.forgetAfter),
    forgetReason: m.forgetReason,
    temporalContext: (m.temporalContext as Record<string, unknown> | null) ?? null,
    reviewStatus: m.reviewStatus,
    buckets: m.buckets,
    metadata: m.metadata,
    sources: m.sources,
    ...(m.embedding ? { embedding: m.embedding } : {}),
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
  };
}

export function profileLine(p: Row<typeof listProfilesOf>): ProfileLine {
  return {
    kind: 'profile',
    containerTag: p.containerTag,
    staticEntries: p.staticEntries,
    dynamicEntries: p.dynamicEntries,
    bucketEntries: p.bucketEntries,
  };
}
