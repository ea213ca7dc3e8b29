import type { Db } from '../../store/database.js';
import {
  countChunkScope,
  countMemoryScope,
  findChunkCandidates,
  findMemoryCandidates,
  type Candidate,
  type ChunkScopeQuery,
  type MemoryScopeQuery,
  type RetrievalOptions,
} from '../../store/search-candidates.js';
import { fuse, type Retrievers } from './fusion.js';
import type { QueryPlan } from './query-plan.js';
import type { ScopeSizes } from './scope-sizes.js';

export interface RetrievalSettings {
  /** Scopes up to this many rows are searched exactly; larger ones through the HNSW index. */
  exactMaxRows: number;
  /** Most rows matching a query word that the lexical retriever scores. */
  lexicalScanLimit: number;
}

export interface ScoredCandidate extends Candidate {
  similarity: number;
}

/** First-stage retrieval: candidates from both retrievers, fused into one similarity, best first. */
export class Retrieval {
  constructor(
    private readonly db: Db,
    private readonly dimension: number,
    private readonly settings: RetrievalSettings,
    private readonly scopeSizes: ScopeSizes,
  ) {}

  async memories(scope: MemoryScopeQuery, plan: QueryPlan, perRetriever: number, retrievers: Retrievers): Promise<ScoredCandidate[]> {
    const size = await this.scopeSizes.get(scopeKey('memories', scope.orgId, scope.containerTags), () =>
      countMemoryScope(this.db, scope.orgId, scope.containerTags),
    );
    const candidates = await findMemoryCandidates(this.db, scope, this.options(plan, perRetriever, size));
    return rank(candidates, retrievers);
  }

  async chunks(scope: ChunkScopeQuery, plan: QueryPlan, perRetriever: number, retrievers: Retrievers): Promise<ScoredCandidate[]> {
    const size = await this.scopeSizes.get(scopeKey('chunks', scope.orgId, scope.containerTags), () =>
      countChunkScope(this.db, scope.orgId, scope.containerTags),
    );
    // Inside one document the exact path is always cheap.
    const options = this.options(plan, perRetriever, size);
    if (scope.documentId) options.vectorPath = 'exact';
    const candidates = await findChunkCandidates(this.db, scope, options);
    return rank(candidates, retrievers);
  }

  forget(kind: 'memories' | 'chunks', orgId: string): void {
    this.scopeSizes.invalidate(`${kind}:${orgId}:`);
  }

  private options(plan: QueryPlan, perRetriever: number, scopeSize: number): RetrievalOptions {
    return {
      vectors: plan.vectors,
      terms: plan.terms,
      perRetriever,
      vectorPath: scopeSize <= this.settings.exactMaxRows ? 'exact' : 'hnsw',
      dimension: this.dimension,
      scopeSize,
      lexicalScanLimit: this.settings.lexicalScanLimit,
    };
  }
}

function scopeKey(kind: string, orgId: string, tags?: string[]): string {
  return `${kind}:${orgId}:${tags ? [...tags].sort().join(',') : '*'}`;
}

function rank(candidates: Candidate[], retrievers: Retrievers): ScoredCandidate[] {
  return candidates
    .map((c) => ({ ...c, similarity: fuse(c, retrievers) }))
    .filter((c) => (retrievers === 'lexical' ? c.lexical > 0 : true))
    .sort((a, b) => b.similarity - a.similarity || a.id.localeCompare(b.id));
}
