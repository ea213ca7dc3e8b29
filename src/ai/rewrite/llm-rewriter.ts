import type { JsonSchemaFormat } from '../llm/client.js';
import { LlmWithOfflineFallback } from '../llm/offline-fallback.js';
import type { QueryExpansion, QueryRewriter } from './query-rewriter.js';

const FORMAT: JsonSchemaFormat = {
  name: 'query_rewrite',
  schema: {
    type: 'object',
    properties: {
      rewrites: { type: 'array', items: { type: 'string' }, description: 'Up to 3 other phrasings of the search query.' },
      keywords: { type: 'array', items: { type: 'string' }, description: 'Up to 8 single words likely to appear in relevant texts.' },
    },
    required: ['rewrites', 'keywords'],
    additionalProperties: false,
  },
};

const SYSTEM = `You rewrite search queries for a personal memory store holding short statements and document passages.
Give up to 3 rewrites that ask for the same information in other words (for example as the statement that would answer it), and up to 8 single keywords (synonyms, related terms, likely answer words) that relevant texts would contain. Do not invent facts about the people involved.`;

const KEYWORD_WEIGHT = 0.5;

/** Query rewrite by the configured chat model; falls back to `fallback` when the model fails. */
export class LlmQueryRewriter extends LlmWithOfflineFallback<QueryRewriter> implements QueryRewriter {
  rewrite(query: string): Promise<QueryExpansion> {
    return this.ask({ system: SYSTEM, user: query, format: FORMAT, read: readExpansion }, () => this.fallback.rewrite(query));
  }
}

function readExpansion(reply: unknown): QueryExpansion {
  const { rewrites, keywords } = reply as { rewrites?: unknown; keywords?: unknown };
  return {
    variants: strings(rewrites, 3).map((v) => v.slice(0, 500)),
    terms: strings(keywords, 8).map((word) => ({ word: word.slice(0, 64), weight: KEYWORD_WEIGHT })),
  };
}

function strings(value: unknown, max: number): string[] {
  return (Array.isArray(value) ? value : []).filter((v): v is string => typeof v === 'string' && v.trim() !== '').slice(0, max);
}
