import { z } from 'zod';
import type { DocumentWithMemories } from '../../core/documents/documents-with-memories.js';
import { DocumentStatus } from '../schemas/common.js';
import { MemoryEntryView, toMemoryEntry } from './memories.js';
import type { DocumentRecord, ListedDocument, ChunkRecord } from '../../model/documents.js';
import type { MemoryRecord } from '../../model/memories.js';
import { iso } from '../../model/timestamps.js';

const documentBase = {
  id: z.string(),
  customId: z.string().nullable(),
  connectionId: z.string().nullable(),
  containerTag: z.string(),
  containerTags: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  filepath: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  status: DocumentStatus,
  summary: z.string().nullable(),
  title: z.string().nullable(),
  type: z.string(),
  url: z.string().nullable(),
  source: z.string().nullable(),
  taskType: z.string(),
};

export const DocumentListItem = z.object({ ...documentBase, content: z.string().nullable().optional() }).meta({ id: 'DocumentListItem' });

export const DocumentView = z
  .object({
    ...documentBase,
    content: z.string().nullable(),
    raw: z.string().nullable(),
    ogImage: z.string().nullable(),
    spatialPoint: z.null(),
    documentDate: z.string().nullable(),
    dreamingStatus: z.enum(['dreaming', 'done']),
    error: z.string().nullable(),
    memories: z
      .array(
        z.object({
          id: z.string(),
          memory: z.string(),
          createdAt: z.string(),
          updatedAt: z.string().nullable(),
          isLatest: z.boolean(),
          isForgotten: z.boolean(),
          isStatic: z.boolean(),
          isInference: z.boolean(),
          version: z.number(),
          sourceCount: z.number(),
          metadata: z.record(z.string(), z.unknown()).nullable(),
          parentMemoryId: z.string().nullable(),
          rootMemoryId: z.string().nullable(),
        }),
      )
      .optional(),
    processingMetadata: z.object({
      attempts: z.number().optional(),
      format: z.string().optional(),
      mimeType: z.string().optional(),
      steps: z.array(
        z.object({
          name: z.string(),
          status: z.string(),
          startedAt: z.string(),
          finishedAt: z.string().optional(),
          error: z.string().optional(),
          detail: z.record(z.string(), z.number()).optional(),
          extraction: z
            .object({
              extractor: z.enum(['llm', 'offline', 'llm+offline']),
              model: z.string().optional(),
              parts: z.number().optional(),
              fallback: z.object({ reason: z.string(), parts: z.number() }).optional(),
              requests: z.number().optional(),
              tokens: z.object({ prompt: z.number(), completion: z.number(), total: z.number() }).optional(),
              truncatedReplies: z.number().optional(),
            })
            .optional()
            .describe(
              'The memories step: who extracted them (the chat model, the offline extractor, or the offline extractor standing in for the model on some parts, with the reason) and the tokens the model reported, summed over every request, retries included.',
            ),
        }),
      ),
    }),
  })
  .meta({ id: 'Document' });

export function toListItem(row: ListedDocument): z.infer<typeof DocumentListItem> {
  return {
    id: row.id,
    customId: row.customId,
    connectionId: row.connectionId,
    containerTag: row.containerTag,
    containerTags: [row.containerTag],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    filepath: row.filepath,
    metadata: row.metadata,
    status: row.status as z.infer<typeof DocumentStatus>,
    summary: row.summary,
    title: row.title,
    type: row.type,
    url: row.url,
    source: row.connectorSource,
    taskType: row.taskType,
    ...(row.content !== undefined ? { content: row.content } : {}),
  };
}

export const DocumentWithMemoriesView = DocumentListItem.extend({ memoryEntries: z.array(MemoryEntryView) }).meta({
  id: 'DocumentWithMemories',
});

export function toDocumentWithMemories(item: DocumentWithMemories): z.infer<typeof DocumentWithMemoriesView> {
  return { ...toListItem(item.document), memoryEntries: item.memories.map(toMemoryEntry) };
}

export function toDocumentView(row: DocumentRecord, memories: MemoryRecord[] = []): z.infer<typeof DocumentView> {
  const { content: _content, ...item } = toListItem(row);
  return {
    ...(memories.length
      ? {
          memories: memories.map((m) => ({
            id: m.id,
            memory: m.memory,
            createdAt: m.createdAt.toISOString(),
            updatedAt: m.updatedAt.toISOString(),
            isLatest: m.isLatest,
            isForgotten: m.isForgotten,
            isStatic: m.isStatic,
            isInference: m.isInference,
            version: m.version,
            sourceCount: m.sourceCount,
            metadata: m.metadata ?? null,
            parentMemoryId: m.parentMemoryId,
            rootMemoryId: m.rootMemoryId,
          })),
        }
      : {}),
    ...item,
    content: row.content,
    raw: row.hasFile ? null : row.source,
    ogImage: null,
    spatialPoint: null,
    documentDate: iso(row.documentDate),
    dreamingStatus: row.status === 'done' || row.status === 'failed' ? 'done' : 'dreaming',
    error: row.error,
    processingMetadata: row.processing,
  };
}

export const ChunkView = z.object({
  id: z.string(),
  documentId: z.string(),
  position: z.number().int(),
  index: z.number().int(),
  content: z.string(),
  type: z.enum(['text', 'image']),
  headingPath: z.array(z.string()),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});

export function toChunkView(row: ChunkRecord): z.infer<typeof ChunkView> {
  return {
    id: row.id,
    documentId: row.documentId,
    position: row.position,
    index: row.position,
    content: row.content,
    type: row.type === 'image' ? 'image' : 'text',
    headingPath: row.headingPath,
    metadata: row.metadata ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function pagination(page: number, limit: number, totalItems: number) {
  return { currentPage: page, limit, totalItems, totalPages: Math.ceil(totalItems / limit) };
}

/** One page of a list already read whole (a few dozen connections, an organization's tags), with its pagination. */
export function pageOfList<T>(all: T[], page: number, limit: number): { items: T[]; pagination: ReturnType<typeof pagination> } {
  return { items: all.slice((page - 1) * limit, page * limit), pagination: pagination(page, limit, all.length) };
}

export const Pagination = z.object({
  currentPage: z.number().int(),
  limit: z.number().int(),
  totalItems: z.number().int(),
  totalPages: z.number().int(),
});
