import { listSourceDocuments, listVersions } from '../../store/memories/records.js';
import type { Embedder } from '../../ai/embeddings/embedder.js';
import type { Reranker } from '../../ai/rerank/reranker.js';
import type { MemoryAggregator } from '../../ai/aggregate/aggregator.js';
import { SubjectAggregator } from '../../ai/aggregate/subject-aggregator.js';
import type { QueryRewriter } from '../../ai/rewrite/query-rewriter.js';
import type { Db } from '../../store/database.js';
import {
  documentExists,
  laterVersionsOfDocumentMemories,
  loadChunks,
  loadDocumentBriefs,
  loadDocumentContents,
  loadMemories,
  loadNeighbourChunks,
} from '../../store/search/results.js';
import type { Clock } from '../shared/clock.js';
import { assertTagInScope, lookupTags, resolveReadTags } from '../tags/rules.js';
import { notFound } from '../../model/errors.js';
import { parseFilters, type FiltersInput } from '../../model/filters.js';
import { PhaseTimer, type RetrieverTrace, type Timings } from './explain.js';
import { INFERENCE_FACTOR, type Retrievers } from './fusion.js';
import { memoryContext, relatedIds, type MemoryContext } from './memory-context.js';
import { planQuery, type QueryPlan } from './query-plan.js';
import { rerankCandidates, rerankDepth } from './rerank-stage.js';
import { synthesize, type SynthesizedHit } from './aggregation.js';
import type { Retrieval, ScoredCandidate } from './retrieval.js';
import { chunksBelowAnswer, chunksBelowLaterVersions } from './asked-attribute.js';
import type { ChunkRecord, DocumentBrief } from '../../model/documents.js';
import { rootsOfLongerChains, type MemoryRecord } from '../../model/memories.js';
import type { Principal } from '../../model/access.js';

export type SearchMode = 'memories' | 'hybrid' | 'documents';

/**
 * Without one, results below this similarity are dropped; see docs/search.md for the scale.
 * Calibrated on questions of the project's own (bench:truth, tune and dev sets): their stored
 * answers score p10 0.55–0.63, and 4 of 168 between 0.42 and 0.49, which 0.5 cut; at 0.4 none is.
 */
export const DEFAULT_THRESHOLD = 0.4;
export const DEFAULT_LIMIT = 10;

/** Knobs for measuring the engine; not reachable through the public API. */
export interface InternalSearchOptions {
  retrievers?: Retrievers;
}

export interface SearchInput {
  q: string;
  containerTag?: string | null;
  containerTags?: string[] | null;
  threshold: number;
  limit: number;
  searchMode: SearchMode;
  filters?: FiltersInput | null;
  filepath?: string | null;
  rerank: boolean;
  /**
   * Besides the (reranked) hits, statements combined from several found memories that overlap
   * (`synthesized`, not stored); v5's `rerank: aggregate`.
   */
  aggregate?: boolean;
  rewriteQuery: boolean;
  include: {
    documents: boolean;
    summaries: boolean;
    relatedMemories: boolean;
    forgottenMemories: boolean;
    chunks: boolean;
  };
}

/** `include` with nothing added to the hits. */
export const NOTHING_INCLUDED: SearchInput['include'] = {
  documents: false,
  summaries: false,
  relatedMemories: false,
  forgottenMemories: false,
  chunks: false,
};

export interface MemoryHit {
  kind: 'memory';
  memory: MemoryRecord;
  similarity: number;
  trace: RetrieverTrace;
  documents?: DocumentBrief[];
  context?: MemoryContext;
  chunks?: { content: string; documentId: string; position: number; score: number }[];
}

export interface ChunkHit {
  kind: 'chunk';
  chunk: ChunkRecord;
  document: DocumentBrief;
  similarity: number;
  trace: RetrieverTrace;
}

export type SearchHit = MemoryHit | ChunkHit;

export interface SearchResult {
  hits: SearchHit[];
  /** With `aggregate`: statements combined from several of the hits' memories, best first; else empty. */
  synthesized: SynthesizedHit[];
  timing: number;
  timings: Timings;
}

export interface DocumentSearchInput {
  q: string;
  containerTag?: string | null;
  containerTags?: string[] | null;
  docId?: string | null;
  filters?: FiltersInput | null;
  filepath?: string | null;
  limit: number;
  chunkThreshold: number;
  onlyMatchingChunks: boolean;
  includeFullDocs: boolean;
  includeSummary: boolean;
  rerank: boolean;
  rewriteQuery: boolean;
}

export interface DocumentSearchHit {
  document: DocumentBrief;
  content?: string | null;
  score: number;
  chunks: { chunk: ChunkRecord; score: number; isRelevant: boolean; trace?: RetrieverTrace }[];
}

export interface DocumentSearchResult {
  results: DocumentSearchHit[];
  timing: number;
  timings: Timings;
}

export interface SearchServiceDeps {
  db: Db;
  clock: Clock;
  embedder: Embedder;
  retrieval: Retrieval;
  rewriter: QueryRewriter;
  reranker: Reranker;
  /** Combines overlapping memories for `aggregate`; the offline aggregation when absent. */
  aggregator?: MemoryAggregator;
}

/** Candidates taken from each retriever per result asked for; fusion needs some depth. */
const CANDIDATE_FACTOR = 5;
const MIN_CANDIDATES = 50;
const MAX_CANDIDATES = 400;
/** Chunks of one document listed in a /v3/search result. */
const MAX_CHUNKS_PER_DOCUMENT = 10;

/**
 * In hybrid mode each kind keeps up to this share of the results when it has them above the
 * threshold. Memories and chunks share one similarity scale, but a short memory matches a question
 * more closely than the chunk it came from, so by similarity alone memories crowd out the chunks
 * that hold their context (LoCoMo, ten conversations: 2 chunks in a top 10 on average; with 40%
 * kept for each kind the answer is in the top 10 for 0.9 points more of the questions).
 */
export const HYBRID_KIND_SHARE = 0.4;

type Scored = { kind: 'memory' | 'chunk'; candidate: ScoredCandidate };

/** The best `limit` of both kinds by similarity, each kind keeping its share when it has enough. */
export function mergeKinds(memories: ScoredCandidate[], chunks: ScoredCandidate[], limit: number): Scored[] {
  const bySimilarity = (a: Scored, b: Scored) => b.candidate.similarity - a.candidate.similarity;
  const all: Scored[] = [
    ...memories.map((candidate) => ({ kind: 'memory' as const, candidate })),
    ...chunks.map((candidate) => ({ kind: 'chunk' as const, candidate })),
  ].sort(bySimilarity);
  if (!memories.length || !chunks.length) return all.slice(0, limit);
  const reserved = Math.floor(limit * HYBRID_KIND_SHARE);
  const taken = new Set([...all.filter((s) => s.kind === 'memory').slice(0, reserved), ...all.filter((s) => s.kind === 'chunk').slice(0, reserved)]);
  for (const entry of all) {
    if (taken.size >= limit) break;
    taken.add(entry);
  }
  return [...taken].sort(bySimilarity).slice(0, limit);
}

const perRetriever = (limit: number) => Math.min(MAX_CANDIDATES, Math.max(MIN_CANDIDATES, limit * CANDIDATE_FACTOR));

/** Recall: hybrid (full-text + vector) search over memories and document chunks. */
export class SearchService {
  private readonly aggregator: MemoryAggregator;

  constructor(private readonly deps: SearchServiceDeps) {
    this.aggregator = deps.aggregator ?? new SubjectAggregator();
  }

  /** POST /v4/search: memories, document chunks, or both, each with a similarity in 0..1. */
  async search(principal: Principal, input: SearchInput, internal: InternalSearchOptions = {}): Promise<SearchResult> {
    const timer = new PhaseTimer();
    const retrievers = internal.retrievers ?? 'hybrid';
    const containerTags = resolveReadTags(principal, [input.containerTag, ...(input.containerTags ?? [])]);
    const filters = parseFilters(input.filters);
    const filepath = input.filepath ?? undefined;
    const plan = await this.plan(timer, input.q, input.rewriteQuery, retrievers);
    const depth = perRetriever(input.limit);
    const wantMemories = input.searchMode !== 'documents';
    const wantChunks = input.searchMode !== 'memories';

    const [memoryCandidates, chunkCandidates] = await timer.measure(
      'retrieval',
      Promise.all([
        wantMemories
          ? this.deps.retrieval.memories(
              {
                orgId: principal.orgId,
                containerTags,
                filters,
                filepath,
                now: this.deps.clock.now(),
                includeForgotten: input.include.forgottenMemories,
              },
              plan,
              depth,
              retrievers,
            )
          : [],
        wantChunks ? this.deps.retrieval.chunks({ orgId: principal.orgId, containerTags, filters, filepath }, plan, depth, retrievers) : [],
      ]),
    );

    const keep = input.rerank ? rerankDepth(input.limit) : input.limit;
    const [memoryRows, chunkRows] = await Promise.all([
      loadMemories(
        this.deps.db,
        principal.orgId,
        memoryCandidates.slice(0, keep * 2).map((c) => c.id),
      ),
      loadChunks(
        this.deps.db,
        principal.orgId,
        chunkCandidates.slice(0, keep).map((c) => c.id),
      ),
    ]);
    const memoriesById = new Map(memoryRows.map((m) => [m.id, m]));
    const chunksById = new Map(chunkRows.map((c) => [c.id, c]));

    let memories = memoryCandidates.filter((c) => memoriesById.has(c.id));
    let chunks = chunkCandidates.filter((c) => chunksById.has(c.id));
    if (input.rerank) {
      const depthOfRerank = rerankDepth(input.limit);
      [memories, chunks] = await timer.measure(
        'rerank',
        Promise.all([
          rerankCandidates(this.deps.reranker, input.q, memories, (id) => memoriesById.get(id)?.memory, depthOfRerank),
          rerankCandidates(this.deps.reranker, input.q, chunks, (id) => chunksById.get(id)?.content, depthOfRerank),
        ]),
      );
    }
    // Inferred memories are down-ranked last, whoever scored them, so stated ones win near ties.
    memories = memories
      .map((c) => (memoriesById.get(c.id)!.isInference ? { ...c, similarity: c.similarity * INFERENCE_FACTOR } : c))
      .sort((a, b) => b.similarity - a.similarity);
    chunks = chunksBelowAnswer(memories, chunks);
    if (memories.length && chunks.length) {
      const documentIds = [...new Set(chunks.flatMap((c) => (c.sourceId ? [c.sourceId] : [])))];
      const later = await laterVersionsOfDocumentMemories(this.deps.db, principal.orgId, documentIds);
      chunks = chunksBelowLaterVersions(
        memories.filter((m) => m.similarity >= input.threshold),
        chunks,
        later,
      );
    }

    const scored = mergeKinds(
      memories.filter((c) => c.similarity >= input.threshold),
      chunks.filter((c) => c.similarity >= input.threshold),
      input.limit,
    );

    const hits = await timer.measure('assembly', this.assembleHits(principal.orgId, scored, memoriesById, chunksById, input));
    // An aggregation that fails leaves the hits as they are: it never fails the search.
    const synthesized = input.aggregate
      ? await timer.measure(
          'aggregate',
          synthesize(
            this.aggregator,
            input.q,
            hits.filter((h) => h.kind === 'memory'),
          ).catch(() => []),
        )
      : [];
    const timings = timer.timings();
    return { hits, synthesized, timing: timings.total, timings };
  }

  /** POST /v3/search: document chunks grouped by document. */
  async searchDocuments(principal: Principal, input: DocumentSearchInput, internal: InternalSearchOptions = {}): Promise<DocumentSearchResult> {
    const timer = new PhaseTimer();
    const retrievers = internal.retrievers ?? 'hybrid';
    const containerTags = resolveReadTags(principal, [input.containerTag, ...(input.containerTags ?? [])]);
    const filters = parseFilters(input.filters);
    let documentId: string | undefined;
    if (input.docId) {
      const doc = await documentExists(this.deps.db, principal.orgId, input.docId, lookupTags(principal));
      if (!doc) throw notFound('Document', `docId: ${input.docId}`);
      documentId = doc.id;
    }
    const plan = await this.plan(timer, input.q, input.rewriteQuery, retrievers);
    let candidates = await timer.measure(
      'retrieval',
      this.deps.retrieval.chunks(
        { orgId: principal.orgId, containerTags, filters, filepath: input.filepath ?? undefined, documentId },
        plan,
        perRetriever(input.limit * 3),
        retrievers,
      ),
    );
    const rows = await loadChunks(
      this.deps.db,
      principal.orgId,
      candidates.map((c) => c.id),
    );
    const chunksById = new Map(rows.map((c) => [c.id, c]));
    candidates = candidates.filter((c) => chunksById.has(c.id));
    if (input.rerank) {
      candidates = await timer.measure(
        'rerank',
        rerankCandidates(this.deps.reranker, input.q, candidates, (id) => chunksById.get(id)?.content, rerankDepth(input.limit)),
      );
    }

    const byDocument = new Map<string, { chunk: ChunkRecord; score: number; trace: RetrieverTrace }[]>();
    for (const c of candidates) {
      if (c.similarity < input.chunkThreshold) continue;
      const chunk = chunksById.get(c.id)!;
      const list = byDocument.get(chunk.documentId) ?? [];
      if (!byDocument.has(chunk.documentId)) {
        if (byDocument.size >= input.limit) continue;
        byDocument.set(chunk.documentId, list);
      }
      if (list.length < MAX_CHUNKS_PER_DOCUMENT) list.push({ chunk, score: c.similarity, trace: c.trace });
    }
    const documentIds = [...byDocument.keys()];
    const [briefs, contents, neighbours] = await timer.measure(
      'assembly',
      Promise.all([
        loadDocumentBriefs(this.deps.db, principal.orgId, documentIds),
        input.includeFullDocs ? loadDocumentContents(this.deps.db, principal.orgId, documentIds) : [],
        input.onlyMatchingChunks
          ? []
          : loadNeighbourChunks(
              this.deps.db,
              principal.orgId,
              [...byDocument.values()].flat().map(({ chunk }) => ({ documentId: chunk.documentId, position: chunk.position })),
            ),
      ]),
    );
    const briefById = new Map(briefs.map((b) => [b.id, b]));
    const contentById = new Map(contents.map((c) => [c.id, c.content]));
    const candidateById = new Map(candidates.map((c) => [c.id, c]));

    const results: DocumentSearchHit[] = documentIds.flatMap((id) => {
      const document = briefById.get(id);
      if (!document) return [];
      const relevant = byDocument.get(id)!;
      const relevantIds = new Set(relevant.map((r) => r.chunk.id));
      const context = neighbours
        .filter((n) => n.documentId === id && !relevantIds.has(n.id))
        .filter((n, i, all) => all.findIndex((o) => o.id === n.id) === i)
        .map((chunk) => ({ chunk, score: candidateById.get(chunk.id)?.similarity ?? 0, trace: candidateById.get(chunk.id)?.trace, isRelevant: false }));
      const listed = [...relevant.map((r) => ({ ...r, isRelevant: true })), ...context];
      // With context added, reading order is what makes the neighbours useful.
      if (context.length) listed.sort((a, b) => a.chunk.position - b.chunk.position);
      return [
        {
          document,
          ...(input.includeFullDocs ? { content: contentById.get(id) ?? null } : {}),
          score: Math.max(...relevant.map((r) => r.score)),
          chunks: listed,
        },
      ];
    });
    const timings = timer.timings();
    return { results, timing: timings.total, timings };
  }

  /** The query plan, its rewriting and its embedding timed (the embedding overlaps word matching). */
  /**
   * One memory of a tag by id, forgotten or not, with what a search hit of it can include: the
   * versions around it and the memories it extends or derives from (at most `relatedLimit` of each,
   * nearest first, within the tag), and the documents it and they were drawn from. Another tag's
   * memory, or one out of the key's reach, is not found.
   */
  async memory(
    principal: Principal,
    containerTag: string,
    id: string,
    include: { related: boolean; documents: boolean; relatedLimit: number },
  ): Promise<{ memory: MemoryRecord; context?: MemoryContext; documentsOf: Map<string, DocumentBrief> }> {
    assertTagInScope(principal, containerTag);
    const orgId = principal.orgId;
    const [memory] = await loadMemories(this.deps.db, orgId, [id]);
    if (!memory || memory.containerTag !== containerTag) throw notFound('Memory', `id: ${id}`);
    let context: MemoryContext | undefined;
    if (include.related) {
      const [chains, related] = await Promise.all([
        listVersions(this.deps.db, orgId, rootsOfLongerChains([memory])),
        loadMemories(this.deps.db, orgId, relatedIds([memory])),
      ]);
      const inTag = (m: MemoryRecord) => m.containerTag === containerTag;
      const full = memoryContext(memory, chains.filter(inTag), new Map(related.filter(inTag).map((m) => [m.id, m])));
      context = {
        parents: full.parents.slice(0, include.relatedLimit),
        children: full.children.slice(0, include.relatedLimit),
        related: full.related.slice(0, include.relatedLimit),
      };
    }
    const documentsOf = new Map<string, DocumentBrief>();
    if (include.documents) {
      const memoryIds = [memory.id, ...(context ? [...context.parents, ...context.children, ...context.related].map((m) => m.id) : [])];
      const sources = await listSourceDocuments(this.deps.db, orgId, memoryIds);
      const briefs = await loadDocumentBriefs(this.deps.db, orgId, [...new Set(sources.map((s) => s.documentId))]);
      const briefById = new Map(briefs.filter((b) => b.containerTag === containerTag).map((b) => [b.id, b]));
      for (const source of sources) {
        const brief = briefById.get(source.documentId);
        if (brief && !documentsOf.has(source.memoryId)) documentsOf.set(source.memoryId, brief);
      }
    }
    return { memory, ...(context ? { context } : {}), documentsOf };
  }

  private async plan(timer: PhaseTimer, q: string, rewrite: boolean, retrievers: Retrievers): Promise<QueryPlan> {
    const plan = await timer.measure('rewrite', planQuery({ embedder: this.deps.embedder, rewriter: this.deps.rewriter }, q, { rewrite, retrievers }));
    if (!plan.vectors) return plan;
    const vectors = timer.measure('embedding', plan.vectors);
    // Awaited later; until then a failure must not count as unhandled.
    vectors.catch(() => undefined);
    return { ...plan, vectors };
  }

  private async assembleHits(
    orgId: string,
    scored: Scored[],
    memoriesById: Map<string, MemoryRecord>,
    chunksById: Map<string, ChunkRecord>,
    input: SearchInput,
  ): Promise<SearchHit[]> {
    const memoryHits = scored.filter((s) => s.kind === 'memory').map((s) => memoriesById.get(s.candidate.id)!);
    const chunkHits = scored.filter((s) => s.kind === 'chunk').map((s) => chunksById.get(s.candidate.id)!);
    const wantSources = input.include.documents || input.include.summaries || input.include.chunks;
    const sources = wantSources
      ? await listSourceDocuments(
          this.deps.db,
          orgId,
          memoryHits.map((m) => m.id),
        )
      : [];
    const documentIds = [...new Set([...sources.map((s) => s.documentId), ...chunkHits.map((c) => c.documentId)])];
    const [briefs, chains, related] = await Promise.all([
      loadDocumentBriefs(this.deps.db, orgId, documentIds),
      input.include.relatedMemories ? listVersions(this.deps.db, orgId, rootsOfLongerChains(memoryHits)) : [],
      input.include.relatedMemories ? loadMemories(this.deps.db, orgId, relatedIds(memoryHits)) : [],
    ]);
    const briefById = new Map(briefs.map((b) => [b.id, b]));
    const relatedById = new Map(related.map((m) => [m.id, m]));
    const includeDocuments = input.include.documents || input.include.summaries;

    return scored.flatMap(({ kind, candidate }): SearchHit[] => {
      if (kind === 'chunk') {
        const chunk = chunksById.get(candidate.id)!;
        const document = briefById.get(chunk.documentId);
        return document ? [{ kind, chunk, document, similarity: candidate.similarity, trace: candidate.trace }] : [];
      }
      const memory = memoriesById.get(candidate.id)!;
      const documentIdsOfMemory = sources.filter((s) => s.memoryId === memory.id).map((s) => s.documentId);
      const hit: MemoryHit = { kind, memory, similarity: candidate.similarity, trace: candidate.trace };
      if (includeDocuments) hit.documents = documentIdsOfMemory.flatMap((id) => briefById.get(id) ?? []);
      if (input.include.relatedMemories) hit.context = memoryContext(memory, chains, relatedById);
      if (input.include.chunks) {
        hit.chunks = scored
          .filter((s) => s.kind === 'chunk' && documentIdsOfMemory.includes(chunksById.get(s.candidate.id)!.documentId))
          .map((s) => {
            const chunk = chunksById.get(s.candidate.id)!;
            return { content: chunk.content, documentId: chunk.documentId, position: chunk.position, score: s.candidate.similarity };
          });
      }
      return [hit];
    });
  }
}
