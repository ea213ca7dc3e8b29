import type { Embedder } from '../../ai/embeddings/embedder.js';
import type { Tx } from '../../store/database.js';
import type { Inserted } from './import-undo.js';
import {
  findDocumentIdsByCustomId,
  insertChunksIfAbsent,
  insertDocumentsIfAbsent,
  insertFilesIfAbsent,
  insertMemoriesIfAbsent,
  linkSourcesIfAbsent,
} from '../../store/portability.js';
import { saveProfile } from '../../store/profiles.js';
import { upsertSpace } from '../../store/tags.js';
import type { MemoryRelation, TemporalContext } from '../../model/memories.js';
import type { MemoryCursor } from '../../model/documents.js';
import { chunkEmbeddingText } from '../embedding/embedding-text.js';
import { embedForRequest } from '../shared/embed.js';
import { newId } from '../shared/ids.js';
import type { ChunkLine, DocumentLine, MemoryLine, ProfileLine, SpaceLine } from './format.js';
import { importedId } from './ids.js';
import type { Clock } from '../shared/clock.js';

/** Where an import writes, and what it remembers between batches (only the documents it merged by customId). */
export interface ImportTarget {
  orgId: string;
  containerTag: string;
  clock: Clock;
  embedder: Embedder;
  /** The export's vectors are from this server's model and may be kept. */
  keepVectors: boolean;
  /** Exported document id → the id of the tag's document with the same customId it merged into. */
  merged: Map<string, string>;
}

/** One batch's vectors, in line order: made before its transaction opens, so no embedding call runs inside one. */
export type Vectors = (number[] | null)[];

const date = (value: string | null) => (value ? new Date(value) : null);

export function documentIdOf(target: ImportTarget, exportedId: string): string {
  return target.merged.get(exportedId) ?? importedId(target.orgId, target.containerTag, exportedId);
}

export async function writeSpace(tx: Tx, target: ImportTarget, line: SpaceLine): Promise<void> {
  const { name, entityContext, memoryFilesystemPaths, profileBuckets } = line;
  await upsertSpace(tx, target.orgId, target.containerTag, newId(), { name, entityContext, memoryFilesystemPaths, profileBuckets }, target.clock.now());
}

/** A document whose customId the tag holds already (and not from this file) merges into that one: it is kept, not duplicated. */
export async function writeDocuments(tx: Tx, target: ImportTarget, lines: DocumentLine[]): Promise<Pick<Inserted, 'documents'>> {
  const { orgId, containerTag } = target;
  const customIds = lines.flatMap((l) => (l.customId ? [l.customId] : []));
  const existing = new Map((await findDocumentIdsByCustomId(tx, orgId, containerTag, customIds)).map((d) => [d.customId, d.id]));
  const fresh = lines.filter((l) => {
    const id = importedId(orgId, containerTag, l.id);
    const holder = l.customId ? existing.get(l.customId) : undefined;
    if (holder && holder !== id) target.merged.set(l.id, holder);
    return !holder;
  });
  const inserted = await insertDocumentsIfAbsent(
    tx,
    fresh.map((l) => ({
      id: importedId(orgId, containerTag, l.id),
      orgId,
      containerTag,
      customId: l.customId,
      status: l.status,
      taskType: l.taskType,
      type: l.type,
      title: l.title,
      source: l.source,
      content: l.content,
      url: l.url,
      summary: l.summary,
      filepath: l.filepath,
      metadata: l.metadata,
      connectorSource: l.connectorSource,
      documentDate: date(l.documentDate),
      error: l.error,
      memoryCursor: l.memoryCursor as MemoryCursor | null,
      hasFile: l.file !== null,
      createdAt: new Date(l.createdAt),
      updatedAt: new Date(l.updatedAt),
    })),
  );
  await insertFilesIfAbsent(
    tx,
    fresh.flatMap((l) => {
      const id = importedId(orgId, containerTag, l.id);
      if (!l.file || !inserted.has(id)) return [];
      const data = Buffer.from(l.file.base64, 'base64');
      return [{ documentId: id, orgId, filename: l.file.filename, mimeType: l.file.mimeType, forcedType: l.file.forcedType, size: data.length, data }];
    }),
  );
  return { documents: [...inserted] };
}

/** Chunks of a merged document stay those of the document it merged into. */
export const chunksToWrite = (target: ImportTarget, lines: ChunkLine[]): ChunkLine[] => lines.filter((l) => !target.merged.has(l.documentId));
export const chunkText = (l: ChunkLine): string => chunkEmbeddingText(l.headingPath, l.content);
export const memoryText = (l: MemoryLine): string => l.memory;

/** `kept`: the batch's `chunksToWrite`, with their vectors. */
export async function writeChunks(tx: Tx, target: ImportTarget, kept: ChunkLine[], vectors: Vectors): Promise<Pick<Inserted, 'chunks'>> {
  const { orgId, containerTag } = target;
  const chunks = await insertChunksIfAbsent(
    tx,
    kept.map((l, i) => ({
      id: importedId(orgId, containerTag, l.id),
      documentId: importedId(orgId, containerTag, l.documentId),
      orgId,
      containerTag,
      position: l.position,
      content: l.content,
      type: l.type,
      headingPath: l.headingPath,
      metadata: l.metadata,
      embedding: vectors[i],
      createdAt: new Date(l.createdAt),
    })),
  );
  return { chunks };
}

export async function writeMemories(tx: Tx, target: ImportTarget, lines: MemoryLine[], vectors: Vectors): Promise<Pick<Inserted, 'memories' | 'links'>> {
  const { orgId, containerTag } = target;
  const id = (exported: string | null) => (exported === null ? null : importedId(orgId, containerTag, exported));
  const memories = await insertMemoriesIfAbsent(
    tx,
    lines.map((l, i) => ({
      id: id(l.id)!,
      orgId,
      containerTag,
      memory: l.memory,
      version: l.version,
      isLatest: l.isLatest,
      parentMemoryId: id(l.parentMemoryId),
      rootMemoryId: id(l.rootMemoryId),
      relations: Object.fromEntries(Object.entries(l.relations).map(([other, kind]) => [id(other)!, kind as MemoryRelation])),
      sourceCount: l.sourceCount,
      isInference: l.isInference,
      isForgotten: l.isForgotten,
      isStatic: l.isStatic,
      forgetAfter: date(l.forgetAfter),
      forgetReason: l.forgetReason,
      temporalContext: l.temporalContext as TemporalContext | null,
      reviewStatus: l.reviewStatus,
      buckets: l.buckets,
      metadata: l.metadata,
      embedding: vectors[i],
      createdAt: new Date(l.createdAt),
      updatedAt: new Date(l.updatedAt),
    })),
  );
  const links = await linkSourcesIfAbsent(
    tx,
    lines.flatMap((l) =>
      l.sources.map((s) => ({
        memoryId: id(l.id)!,
        documentId: documentIdOf(target, s.documentId),
        orgId,
        relevanceScore: s.relevanceScore,
        turn: s.turn ?? null,
      })),
    ),
  );
  return { memories, links };
}

export async function writeProfile(tx: Tx, target: ImportTarget, line: ProfileLine): Promise<void> {
  const remap = <T extends { memoryId: string }>(entries: T[]) =>
    entries.map((e) => ({ ...e, memoryId: importedId(target.orgId, target.containerTag, e.memoryId) }));
  await saveProfile(
    tx,
    target.orgId,
    target.containerTag,
    {
      staticEntries: remap(line.staticEntries),
      dynamicEntries: remap(line.dynamicEntries),
      bucketEntries: Object.fromEntries(Object.entries(line.bucketEntries).map(([key, entries]) => [key, remap(entries)])),
    },
    target.clock.now(),
  );
}

/**
 * The export's vectors when they come from this server's model (a record exported without one, not
 * embedded yet, stays so), else fresh ones for every record (one embedding call per batch). Called
 * outside any transaction.
 */
export async function vectorsFor<L extends { embedding?: number[] | null }>(target: ImportTarget, lines: L[], text: (line: L) => string): Promise<Vectors> {
  if (target.keepVectors) return lines.map((l) => l.embedding ?? null);
  if (!lines.length) return [];
  return (await embedForRequest(target.embedder, lines.map(text), 'document')).map((v) => Array.from(v));
}
