import type { Embedder } from '../../ai/embeddings/embedder.js';
import { askedAttribute, type AskedAttribute } from '../../ai/text/attributes.js';
import type { QueryExpansion, QueryRewriter } from '../../ai/rewrite/query-rewriter.js';
import { keywordPhrasing } from '../../ai/text/words.js';
import type { LexicalTerm } from '../../store/search/candidates.js';
import { embedForRequest } from '../shared/embed.js';
import { answerTypeOf, type AnswerType } from './answer-type.js';
import type { Retrievers } from './fusion.js';
import { lexicalTerms } from './lexical-terms.js';

/** Most phrasings embedded per query (the query and its rewrites). */
const MAX_VARIANTS = 4;

/** What the retrievers look for: query words now, query vectors once embedded. */
export interface QueryPlan {
  query: string;
  terms: LexicalTerm[];
  /** Still being computed while lexical retrieval runs; null when vector retrieval is off. */
  vectors: Promise<Float32Array[]> | null;
  expansion?: QueryExpansion;
  /** The kind of answer the question asks for (a date for "when …?"), if it names one. */
  answerType: AnswerType | null;
  /** The attribute of someone the question asks for ("Where does Bob work?": Bob's employer), if any. */
  asked: AskedAttribute | null;
}

export async function planQuery(
  deps: { embedder: Embedder; rewriter: QueryRewriter },
  query: string,
  options: { rewrite: boolean; retrievers: Retrievers },
): Promise<QueryPlan> {
  const expansion = options.rewrite ? await deps.rewriter.rewrite(query) : undefined;
  const phrase = (text: string) => (deps.embedder.keywordQueries ? keywordPhrasing(text) : text).trim();
  const phrasings = [...new Set([query, ...(expansion?.variants ?? [])].map(phrase).filter(Boolean))].slice(0, MAX_VARIANTS);
  const vectors = options.retrievers === 'lexical' ? null : embedForRequest(deps.embedder, phrasings, 'query');
  // Awaited later; until then a failure must not count as unhandled.
  vectors?.catch(() => undefined);
  const terms = options.retrievers === 'vector' ? [] : lexicalTerms(query, expansion);
  return { query, terms, vectors, expansion, answerType: answerTypeOf(query), asked: askedAttribute(query) };
}
