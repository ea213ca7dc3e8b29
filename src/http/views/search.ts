import { z } from 'zod';
import type { ChunkHit, DocumentSearchHit, MemoryHit, SearchHit } from '../../core/search/search-service.js';
import type { DocumentBrief } from '../../model/documents.js';
import { RetrieverExplanation, retrieverExplanation } from './search-explain.js';
import { iso } from '../../model/timestamps.js';

/** Scores go out with 4 decimals; more is noise. */
const round = (x: number) => Math.round(x * 10_000) / 10_000;

const Metadata = z.record(z.string(), z.unknown()).nullable();

const VersionRelative = z.object({
  memory: z.string(),
  relation: z.enum(['updates', 'extends', 'derives']),
  updatedAt: z.string(),
  metadata: Metadata.optional(),
  version: z.number().nullable().optional(),
});

const SearchDocument = z.object({
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  title: z.string().nullable().optional(),
  type: z.string().nullable().optional(),
  metadata: Metadata.optional(),
  summary: z.string().nullable().optional(),
});

export const SearchResultView = z
  .object({
    id: z.string().describe('Memory id for memory hits, chunk id for chunk hits'),
    memory: z.string().optional(),
    chunk: z.string().optional(),
    documentId: z.string().optional().describe('Chunk hits: the document the chunk belongs to'),
    containerTag: z.string(),
    metadata: Metadata,
    similarity: z.number().min(0).max(1),
    updatedAt: z.string(),
    filepath: z.string().nullable().optional(),
    version: z.number().nullable().optional(),
    rootMemoryId: z.string().nullable().optional(),
    isAggregated: z.boolean().optional(),
    context: z
      .object({
        parents: z.array(VersionRelative),
        children: z.array(VersionRelative),
        related: z.array(z.object({ memory: z.string(), relation: z.enum(['extends', 'derives']), updatedAt: z.string(), metadata: Metadata.optional() })),
      })
      .optional(),
    documents: z.array(SearchDocument).optional(),
    chunks: z.array(z.object({ content: z.string(), documentId: z.string(), position: z.number().int(), score: z.number() })).optional(),
    retrievers: RetrieverExplanation.optional().describe('With explain: true, which retrievers found this result and how each scored it'),
  })
  .meta({ id: 'SearchResult' });

export interface ResultOptions {
  documents: boolean;
  summaries: boolean;
  explain?: boolean;
}

function documentView(doc: DocumentBrief, include: { documents: boolean; summaries: boolean }): z.infer<typeof SearchDocument> {
  return {
    id: doc.id,
    createdAt: iso(doc.createdAt),
    updatedAt: iso(doc.updatedAt),
    ...(include.documents ? { title: doc.title, type: doc.type, metadata: doc.metadata } : {}),
    ...(include.summaries ? { summary: doc.summary } : {}),
  };
}

export function toSearchResult(hit: SearchHit, include: ResultOptions): z.infer<typeof SearchResultView> {
  const view = hit.kind === 'chunk' ? chunkResult(hit, include) : memoryResult(hit, include);
  return include.explain ? { ...view, retrievers: retrieverExplanation(hit.kind, hit.trace) } : view;
}

function chunkResult(hit: ChunkHit, include: ResultOptions): z.infer<typeof SearchResultView> {
  const withDocuments = include.documents || include.summaries;
  return {
    id: hit.chunk.id,
    chunk: hit.chunk.content,
    documentId: hit.chunk.documentId,
    containerTag: hit.chunk.containerTag,
    metadata: hit.document.metadata ?? null,
    similarity: round(hit.similarity),
    updatedAt: iso(hit.document.updatedAt),
    filepath: hit.document.filepath,
    ...(withDocuments ? { documents: [documentView(hit.document, include)] } : {}),
  };
}

function memoryResult(hit: MemoryHit, include: { documents: boolean; summaries: boolean }): z.infer<typeof SearchResultView> {
  const m = hit.memory;
  return {
    id: m.id,
    memory: m.memory,
    containerTag: m.containerTag,
    metadata: m.metadata ?? null,
    similarity: round(hit.similarity),
    updatedAt: iso(m.updatedAt),
    filepath: null,
    version: m.version,
    rootMemoryId: m.rootMemoryId,
    ...(hit.context
      ? {
          context: {
            parents: hit.context.parents.map((p) => ({ ...p, updatedAt: iso(p.updatedAt) })),
            children: hit.context.children.map((c) => ({ ...c, updatedAt: iso(c.updatedAt) })),
            related: hit.context.related.map((r) => ({ ...r, updatedAt: iso(r.updatedAt) })),
          },
        }
      : {}),
    ...(hit.documents ? { documents: hit.documents.map((d) => documentView(d, include)) } : {}),
    ...(hit.chunks ? { chunks: hit.chunks.map((c) => ({ ...c, score: round(c.score) })) } : {}),
  };
}

export const DocumentSearchResultView = z
  .object({
    documentId: z.string(),
    chunks: z.array(
      z.object({
        content: z.string(),
        isRelevant: z.boolean(),
        score: z.number().min(0).max(1),
        position: z.number().int(),
        retrievers: RetrieverExplanation.optional().describe('With explain: true, for chunks the retrievers found'),
      }),
    ),
    createdAt: z.string(),
    updatedAt: z.string(),
    metadata: Metadata,
    score: z.number().min(0).max(1),
    title: z.string().nullable(),
    type: z.string().nullable(),
    containerTag: z.string(),
    filepath: z.string().nullable(),
    summary: z.string().nullable().optional(),
    content: z.string().nullable().optional(),
  })
  .meta({ id: 'DocumentSearchResult' });

export function toDocumentSearchResult(hit: DocumentSearchHit, includeSummary: boolean, explain = false): z.infer<typeof DocumentSearchResultView> {
  return {
    documentId: hit.document.id,
    chunks: hit.chunks.map(({ chunk, score, isRelevant, trace }) => ({
      content: chunk.content,
      isRelevant,
      score: round(score),
      position: chunk.position,
      ...(explain && trace ? { retrievers: retrieverExplanation('chunk', trace) } : {}),
    })),
    createdAt: iso(hit.document.createdAt),
    updatedAt: iso(hit.document.updatedAt),
    metadata: hit.document.metadata ?? null,
    score: round(hit.score),
    title: hit.document.title,
    type: hit.document.type,
    containerTag: hit.document.containerTag,
    filepath: hit.document.filepath,
    ...(includeSummary ? { summary: hit.document.summary } : {}),
    ...('content' in hit ? { content: hit.content ?? null } : {}),
  };
}
