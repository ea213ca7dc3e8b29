import type { Db } from '../../store/database.js';
import { findLexicalCandidates, scoreCandidates, type Candidate, type LexicalOptions, type QueryLexeme } from '../../store/search/candidates.js';
import {
  chunkTarget,
  measureScope,
  memoryTarget,
  type ChunkScopeQuery,
  type MemoryScopeQuery,
  type SearchTable,
  type SearchTarget,
} from '../../store/search/scope.js';
import { boostAnswerType } from './answer-type.js';
import { answeringAttributes } from '../../ai/text/attributes.js';
import { ATTRIBUTE_CANDIDATES, boostAskedAttribute } from './asked-attribute.js';
import { retrieverRanks, type RetrieverTrace } from './explain.js';
import { blendSourceContext, blendTurnContext, calibrate, fuse, type Retrievers } from './fusion.js';
import type { LexemeFrequencies } from './lexeme-frequencies.js';
import type { QueryLexemes } from './query-lexemes.js';
import type { QueryPlan } from './query-plan.js';
import type { ScopeSize, ScopeSizes } from './scope-sizes.js';

export interface RetrievalSettings {
  /** Scopes up to this many rows are searched exactly; larger ones through the HNSW index. */
  exactMaxRows: number;
  /** In larger scopes, most rows fetched per query word for lexical scoring. */
  lexicalWordLimit: number;
}

export interface RetrievalDeps {
  db: Db;
  dimension: number;
  scopeSizes: ScopeSizes;
  lexemes: QueryLexemes;
  frequencies: LexemeFrequencies;
}

export interface ScoredCandidate extends Candidate {
  similarity: number;
  trace: RetrieverTrace;
  /** How fully the memory states the attribute the question asks for (2 fully, 1 a neighbour). */
  answers?: number;
}

/** First-stage retrieval: candidates from both retrievers, fused into one similarity, best first. */
export class Retrieval {
  constructor(
    private readonly deps: RetrievalDeps,
    private readonly settings: RetrievalSettings,
  ) {}

  memories(scope: MemoryScopeQuery, plan: QueryPlan, perRetriever: number, retrievers: Retrievers): Promise<ScoredCandidate[]> {
    return this.retrieve(memoryTarget(scope), scope, plan, perRetriever, retrievers);
  }

  chunks(scope: ChunkScopeQuery, plan: QueryPlan, perRetriever: number, retrievers: Retrievers): Promise<ScoredCandidate[]> {
    return this.retrieve(chunkTarget(scope), scope, plan, perRetriever, retrievers, { exact: !!scope.documentId });
  }

  forget(table: SearchTable, orgId: string): void {
    this.deps.scopeSizes.invalidate(`${table}:${orgId}:`);
  }

  private async retrieve(
    target: SearchTarget,
    scope: { orgId: string; containerTags?: string[] },
    plan: QueryPlan,
    perRetriever: number,
    retrievers: Retrievers,
    options: { exact?: boolean } = {},
  ): Promise<ScoredCandidate[]> {
    const { db } = this.deps;
    const size = await this.deps.scopeSizes.get(scopeKey(target.table, scope.orgId, scope.containerTags), () =>
      measureScope(db, target.table, scope.orgId, scope.containerTags, this.settings.exactMaxRows),
    );
    // Lexical retrieval needs no vector: it runs while the query is still being embedded.
    const lexemes = plan.terms.length ? await this.deps.lexemes.of(plan.terms) : [];
    const lexical = lexemes.length
      ? await findLexicalCandidates(db, target, {
          lexemes,
          perRetriever,
          scopeSize: size.size,
          fetch: await this.fetchStrategy(target, size, lexemes),
        })
      : null;
    const vectors = plan.vectors ? await plan.vectors : [];
    const asked = retrievers === 'hybrid' && target.table === 'memories' ? plan.asked : null;
    const candidates = await scoreCandidates(db, target, {
      vectors: vectors.length ? { vectors, perRetriever, path: size.large && !options.exact ? 'hnsw' : 'exact', dimension: this.deps.dimension } : null,
      lexical,
      attribute: asked ? { names: answeringAttributes(asked), limit: ATTRIBUTE_CANDIDATES } : null,
    });
    const ranks = retrieverRanks(candidates, lexical?.ranked ?? [], perRetriever);
    const fused = candidates.map((c) => {
      const similarity = fuse(c, retrievers);
      return { ...c, similarity, trace: { ...ranks.get(c.id)!, cosine: c.cosine, lexical: c.lexical, fused: similarity } };
    });
    const calibrated = blendSourceContext(fused).map((c) => ({ ...c, similarity: calibrate(c.similarity, retrievers) }));
    const answerType = retrievers === 'hybrid' ? plan.answerType : null;
    return boostAskedAttribute(boostAnswerType(blendTurnContext(calibrated), answerType), asked).sort(
      (a, b) => b.similarity - a.similarity || a.id.localeCompare(b.id),
    );
  }

  /** Small scopes score every matching row; large ones cap each word and skip the known-common ones. */
  private async fetchStrategy(target: SearchTarget, size: ScopeSize, lexemes: QueryLexeme[]): Promise<LexicalOptions['fetch']> {
    if (!size.large) return { kind: 'all' };
    const cap = this.settings.lexicalWordLimit;
    const stats = await this.deps.frequencies.get(target.table);
    const knownFrequency = new Map<string, number>();
    for (const { lexeme } of lexemes) {
      const rows = (stats?.frequencies.get(lexeme) ?? 0) * size.size;
      if (rows > cap) knownFrequency.set(lexeme, rows);
    }
    return { kind: 'capped', perWord: cap, knownFrequency };
  }
}

function scopeKey(table: string, orgId: string, tags?: string[]): string {
  return `${table}:${orgId}:${tags ? [...tags].sort().join(',') : '*'}`;
}
