import type { Embedder } from '../../ai/embeddings/embedder.js';
import type { Tx } from '../../store/database.js';
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

/** Where an import writes, and what it remembers between batches (only the documents it merged by customId). */
export interface ImportTarget {
  tx: Tx;
  orgId: string;
  containerTag: string;
  embedder: Embedder;
  /** The export's vectors are from this server's model and may be kept. */
  keepVectors: boolean;
  /** Exported document id → the id of the tag's document with the same customId it merged into. */
  merged: Map<string, string>;
}

const date = (value: string | null) => (value ? new Date(value) : null);

export function documentIdOf(target: ImportTarget, exportedId: string): string {
  return target.merged.get(exportedId) ?? importedId(target.orgId, target.containerTag, exportedId);
}

export async function writeSpace(target: ImportTarget, line: SpaceLine): Promise<void> {
  const { name, entityContext, memoryFilesystemPaths, profileBuckets } = line;
  await upsertSpace(target.tx, target.orgId, target.containerTag, newId(), { name, entityContext, memoryFilesystemPaths, profileBuckets });
}

/** A document whose customId the tag holds already (and not from this file) merges into that one: it is kept, not duplicated. */
export async function writeDocuments(target: ImportTarget, lines: DocumentLine[]): Promise<void> {
  const { tx, orgId, containerTag } = target;
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
}

/** Chunks of a merged document stay those of the document it merged into. */
export async function writeChunks(target: ImportTarget, lines: ChunkLine[]): Promise<void> {
  const { orgId, containerTag } = target;
  const kept = lines.filter((l) => !target.merged.has(l.documentId));
  const vectors = await vectorsFor(target, kept, (l) => chunkEmbeddingText(l.headingPath, l.content));
  await insertChunksIfAbsent(
    target.tx,
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
}

export async function writeMemories(target: ImportTarget, lines: MemoryLine[]): Promise<void> {
  const { orgId, containerTag } = target;
  const id = (exported: string | null) => (exported === null ? null : importedId(orgId, containerTag, exported));
  const vectors = await vectorsFor(target, lines, (l) => l.memory);
  await insertMemoriesIfAbsent(
    target.tx,
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
  await linkSourcesIfAbsent(
    target.tx,
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
}

export async function writeProfile(target: ImportTarget, line: ProfileLine): Promise<void> {
  const remap = <T extends { memoryId: string }>(entries: T[]) =>
    entries.map((e) => ({ ...e, memoryId: importedId(target.orgId, target.containerTag, e.memoryId) }));
  await saveProfile(target.tx, target.orgId, target.containerTag, {
    staticEntries: remap(line.staticEntries),
    dynamicEntries: remap(line.dynamicEntries),
    bucketEntries: Object.fromEntries(Object.entries(line.bucketEntries).map(([key, entries]) => [key, remap(entries)])),
  });
}

/**
 * The export's vectors when they come from this server's model (a record exported without one, not
 * embedded yet, stays so), else fresh ones for every record (one embedding call per batch).
 */
async function vectorsFor<L extends { embedding?: number[] | null }>(target: ImportTarget, lines: L[], text: (line: L) => string) {
  if (target.keepVectors) {
    const wrong = lines.find((l) => l.embedding && l.embedding.length !== target.embedder.dimension);
    if (wrong) throw new RefusedVectorError(`a vector of ${wrong.embedding!.length} dimensions; the model makes ${target.embedder.dimension}`);
    return lines.map((l) => l.embedding ?? null);
  }
  const vectors: (number[] | null)[] = lines.map(() => null);
  const missing = lines.map((_, i) => i);
  if (missing.length) {
    const fresh = await embedForRequest(target.embedder, missing.map((i) => text(lines[i])), 'document');
    missing.forEach((lineIndex, i) => (vectors[lineIndex] = Array.from(fresh[i])));
  }
  return vectors;
}

/** A vector that cannot belong to the model the export names. */
export class RefusedVectorError extends Error {}
