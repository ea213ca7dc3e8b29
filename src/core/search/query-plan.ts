import type { Embedder } from '../../ai/embeddings/embedder.js';
import type { QueryExpansion, QueryRewriter } from '../../ai/rewrite/query-rewriter.js';
import type { LexicalTerm } from '../../store/search-candidates.js';
import { embedForRequest } from '../embed.js';
import type { Retrievers } from './fusion.js';
import { lexicalTerms } from './lexical-terms.js';

/** Most phrasings embedded per query (the query and its rewrites). */
const MAX_VARIANTS = 4;

/** What the retrievers look for: query vectors and query words. */
export interface QueryPlan {
  query: string;
  vectors: Float32Array[];
  terms: LexicalTerm[];
  expansion?: QueryExpansion;
}

export async function planQuery(
  deps: { embedder: Embedder; rewriter: QueryRewriter },
  query: string,
  options: { rewrite: boolean; retrievers: Retrievers },
): Promise<QueryPlan> {
  const expansion = options.rewrite ? await deps.rewriter.rewrite(query) : undefined;
  const phrasings = [...new Set([query, ...(expansion?.variants ?? [])].map((v) => v.trim()).filter(Boolean))].slice(0, MAX_VARIANTS);
  const vectors = options.retrievers === 'lexical' ? [] : await embedForRequest(deps.embedder, phrasings, 'query');
  const terms = options.retrievers === 'vector' ? [] : lexicalTerms(query, expansion);
  return { query, vectors, terms, expansion };
}
