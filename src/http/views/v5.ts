import { z } from 'zod';
import type { SearchHit } from '../../core/search/search-service.js';
import type { SynthesizedHit } from '../../core/search/aggregation.js';
import type { MemoryContext } from '../../core/search/memory-context.js';
import type { ProfileLines } from '../../core/profiles/profile-service.js';
import type { ChunkRecord, DocumentBrief, DocumentRecord, ListedDocument } from '../../model/documents.js';
import type { MemoryRecord } from '../../model/memories.js';
import { DocumentStatus } from '../schemas/common.js';

/**
 * The answers of the v5 API, with exactly the published fields: `metadata` always an object,
 * timestamps in UTC with a `Z`, and a document's `id` its caller-defined id when it has one (the
 * v3 customId), else the id engram gave it; either finds it.
 */

const ObjectMetadata = z.record(z.string(), z.unknown());
const Timestamp = z.string();

const round = (x: number) => Math.round(x * 10_000) / 10_000;
const objectOf = (metadata: Record<string, unknown> | null | undefined) => metadata ?? {};
const statusOf = (status: string) => ((DocumentStatus.options as readonly string[]).includes(status) ? (status as z.infer<typeof DocumentStatus>) : 'unknown');

/** The id a v5 client knows a document by. */
export const publicDocumentId = (doc: { id: string; customId: string | null }) => doc.customId ?? doc.id;

export const ChunkV5 = z
  .object({
    id: z.string(),
    position: z.number().int(),
    content: z.string(),
    type: z.string(),
    metadata: ObjectMetadata,
    system: z.object({ createdAt: Timestamp }).strict(),
  })
  .strict();

export const MemoryV5 = z
  .object({
    id: z.string(),
    memory: z.string(),
    metadata: ObjectMetadata,
    isStatic: z.boolean(),
    isInference: z.boolean(),
    isLatest: z.boolean(),
    isForgotten: z.boolean(),
    version: z.number().int(),
    system: z.object({ createdAt: Timestamp, updatedAt: Timestamp }).strict(),
  })
  .strict();

export const DocumentV5 = z
  .object({
    id: z.string(),
    title: z.string().nullable(),
    type: z.string(),
    summary: z.string().nullable(),
    content: z.string().nullable(),
    metadata: ObjectMetadata,
    system: z.object({ status: DocumentStatus, createdAt: Timestamp, updatedAt: Timestamp }).strict(),
    chunks: z.array(ChunkV5).optional(),
    memories: z.array(MemoryV5).optional(),
  })
  .strict();

export const ListedDocumentV5 = z
  .object({
    id: z.string(),
    title: z.string().nullable(),
    type: z.string(),
    summary: z.string().nullable(),
    metadata: ObjectMetadata,
    url: z.string().nullable(),
    system: z.object({ status: z.string(), createdAt: Timestamp, updatedAt: Timestamp }).strict(),
  })
  .strict();

export const ListedChunkV5 = ChunkV5.extend({ documentId: z.string() }).strict();

export const ListAnswer = z
  .object({
    documents: z.array(ListedDocumentV5),
    chunks: z.array(ListedChunkV5),
    memories: z.array(MemoryV5),
    pagination: z.object({ currentPage: z.number(), limit: z.number(), totalItems: z.number(), totalPages: z.number() }).strict(),
  })
  .strict();

const IncludedDocument = z
  .object({
    id: z.string(),
    title: z.string().nullable(),
    type: z.string().nullable(),
    metadata: ObjectMetadata,
    summary: z.string().nullable(),
    system: z.object({ createdAt: Timestamp, updatedAt: Timestamp }).strict(),
  })
  .strict();

const Relative = z
  .object({
    id: z.string(),
    relation: z.enum(['updates', 'extends', 'derives']),
    version: z.number().nullable().optional(),
    memory: z.string(),
    metadata: ObjectMetadata,
    system: z.object({ updatedAt: Timestamp }).strict(),
    document: IncludedDocument.optional().describe('Its source document, when both related and documents are asked for (GET /ns/{namespace}/memories/{id})'),
  })
  .strict();

/** The extras a search result or one memory carries when asked for: its versions and relations, its source document. */
const Included = z
  .object({
    related: z
      .object({ parents: z.array(Relative), children: z.array(Relative), siblings: z.array(Relative) })
      .strict()
      .optional(),
    document: IncludedDocument.optional(),
  })
  .strict()
  .optional();

export const SearchResultV5 = z
  .object({
    id: z.string().describe('Memory id for a memory, chunk id for a chunk'),
    memory: z.string().optional(),
    chunk: z.string().optional(),
    metadata: ObjectMetadata,
    similarity: z.number().min(0).max(1),
    isLatest: z.boolean(),
    isInference: z.boolean(),
    system: z.object({ updatedAt: Timestamp, createdAt: Timestamp.optional() }).strict(),
    included: Included,
  })
  .strict();

export const SearchAnswer = z.object({ results: z.array(SearchResultV5), searchTime: z.number() }).strict();

const ProfileLineV5 = z.object({ id: z.string(), memory: z.string() }).strict();

export const ProfileAnswer = z
  .object({
    profile: z.object({ static: z.array(ProfileLineV5), dynamic: z.array(ProfileLineV5), buckets: z.record(z.string(), z.array(ProfileLineV5)) }).strict(),
  })
  .strict();

export function toChunkV5(chunk: ChunkRecord): z.infer<typeof ChunkV5> {
  return {
    id: chunk.id,
    position: chunk.position,
    content: chunk.content,
    type: chunk.type,
    metadata: objectOf(chunk.metadata),
    system: { createdAt: chunk.createdAt.toISOString() },
  };
}

export function toMemoryV5(m: MemoryRecord): z.infer<typeof MemoryV5> {
  return {
    id: m.id,
    memory: m.memory,
    metadata: objectOf(m.metadata),
    isStatic: m.isStatic,
    isInference: m.isInference ?? false,
    isLatest: m.isLatest,
    isForgotten: m.isForgotten,
    version: m.version,
    system: { createdAt: m.createdAt.toISOString(), updatedAt: m.updatedAt.toISOString() },
  };
}

export function toDocumentV5(
  doc: DocumentRecord,
  content: string | null,
  included: { chunks?: ChunkRecord[]; memories?: MemoryRecord[] },
): z.infer<typeof DocumentV5> {
  return {
    id: publicDocumentId(doc),
    title: doc.title,
    type: doc.type,
    summary: doc.summary,
    content,
    metadata: objectOf(doc.metadata),
    system: { status: statusOf(doc.status), createdAt: doc.createdAt.toISOString(), updatedAt: doc.updatedAt.toISOString() },
    ...(included.chunks ? { chunks: included.chunks.map(toChunkV5) } : {}),
    ...(included.memories ? { memories: included.memories.map(toMemoryV5) } : {}),
  };
}

export function toListedDocumentV5(doc: ListedDocument): z.infer<typeof ListedDocumentV5> {
  return {
    id: publicDocumentId(doc),
    title: doc.title,
    type: doc.type,
    summary: doc.summary,
    metadata: objectOf(doc.metadata),
    url: doc.url,
    system: { status: doc.status, createdAt: doc.createdAt.toISOString(), updatedAt: doc.updatedAt.toISOString() },
  };
}

function includedDocument(doc: DocumentBrief): z.infer<typeof IncludedDocument> {
  return {
    id: publicDocumentId(doc),
    title: doc.title,
    type: doc.type,
    metadata: objectOf(doc.metadata),
    summary: doc.summary,
    system: { createdAt: doc.createdAt.toISOString(), updatedAt: doc.updatedAt.toISOString() },
  };
}

interface RelativeRecord {
  id: string;
  memory: string;
  relation: 'updates' | 'extends' | 'derives';
  updatedAt: Date;
  metadata: Record<string, unknown> | null;
  version?: number;
}

function toRelative(r: RelativeRecord, document?: DocumentBrief): z.infer<typeof Relative> {
  return {
    id: r.id,
    relation: r.relation,
    ...(r.version !== undefined ? { version: r.version } : {}),
    memory: r.memory,
    metadata: objectOf(r.metadata),
    system: { updatedAt: r.updatedAt.toISOString() },
    ...(document ? { document: includedDocument(document) } : {}),
  };
}

/** A search hit; `include` says which of the published extras were asked for. */
export function toSearchResultV5(hit: SearchHit, include: { documents: boolean; related: boolean }): z.infer<typeof SearchResultV5> {
  if (hit.kind === 'chunk') {
    return {
      id: hit.chunk.id,
      chunk: hit.chunk.content,
      metadata: objectOf(hit.document.metadata),
      similarity: round(hit.similarity),
      isLatest: true,
      isInference: false,
      system: { updatedAt: hit.document.updatedAt.toISOString(), createdAt: hit.chunk.createdAt.toISOString() },
      ...(include.documents ? { included: { document: includedDocument(hit.document) } } : {}),
    };
  }
  const m = hit.memory;
  const relative = (r: RelativeRecord) => toRelative(r);
  const related =
    include.related && hit.context
      ? { parents: hit.context.parents.map(relative), children: hit.context.children.map(relative), siblings: hit.context.related.map(relative) }
      : include.related
        ? { parents: [], children: [], siblings: [] }
        : undefined;
  const document = include.documents ? hit.documents?.[0] : undefined;
  const included = { ...(related ? { related } : {}), ...(document ? { document: includedDocument(document) } : {}) };
  return {
    id: m.id,
    memory: m.memory,
    metadata: objectOf(m.metadata),
    similarity: round(hit.similarity),
    isLatest: m.isLatest,
    isInference: m.isInference ?? false,
    system: { updatedAt: m.updatedAt.toISOString(), createdAt: m.createdAt.toISOString() },
    ...(Object.keys(included).length ? { included } : {}),
  };
}

/**
 * A statement `rerank: aggregate` combined from several found memories: an inference
 * (`isInference`), not stored, its id `agg_…`. `metadata.sources` names the memories it rests on;
 * with `related`, they are its `siblings` (`derives`), where a stored inference has the memories it
 * derives from.
 */
export function toSynthesizedResultV5(hit: SynthesizedHit, include: { related: boolean }): z.infer<typeof SearchResultV5> {
  const updatedAt = hit.updatedAt.toISOString();
  const siblings = hit.sources.map((m) =>
    toRelative({ id: m.id, memory: m.memory, relation: 'derives', updatedAt: m.updatedAt, metadata: m.metadata, version: m.version }),
  );
  return {
    id: hit.id,
    memory: hit.memory,
    metadata: { sources: hit.sources.map((m) => m.id) },
    similarity: round(hit.similarity),
    isLatest: true,
    isInference: true,
    system: { updatedAt, createdAt: updatedAt },
    ...(include.related ? { included: { related: { parents: [], children: [], siblings } } } : {}),
  };
}

export function toProfileV5(lines: ProfileLines): z.infer<typeof ProfileAnswer> {
  return { profile: lines };
}

export const MemoryWithIncludedV5 = MemoryV5.extend({
  included: Included,
}).strict();

/**
 * One memory with the extras asked for: `related` (its versions and the memories it extends or
 * derives from), `documents` (its source document, and each related memory's with both).
 */
export function toMemoryWithIncludedV5(
  m: MemoryRecord,
  context: MemoryContext | undefined,
  documentsOf: Map<string, DocumentBrief>,
  include: { related: boolean; documents: boolean },
): z.infer<typeof MemoryWithIncludedV5> {
  const relative = (r: RelativeRecord) => toRelative(r, documentsOf.get(r.id));
  const related = include.related
    ? { parents: (context?.parents ?? []).map(relative), children: (context?.children ?? []).map(relative), siblings: (context?.related ?? []).map(relative) }
    : undefined;
  const document = include.documents ? documentsOf.get(m.id) : undefined;
  const included = { ...(related ? { related } : {}), ...(document ? { document: includedDocument(document) } : {}) };
  return { ...toMemoryV5(m), ...(Object.keys(included).length ? { included } : {}) };
}
