import type { JsonSchemaFormat } from '../llm/client.js';
import { asList, asText, field } from '../llm/coerce.js';
import { isObject } from '../llm/json-reply.js';
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

/** The model's rewrites and keywords (a list given as one string is split at commas); throws when it offered neither. */
function readExpansion(reply: unknown): QueryExpansion {
  const answer = isObject(reply) ? reply : {};
  const variants = texts(field(answer, ['rewrites', 'queries', 'variants', 'rephrasings']), false).slice(0, 3);
  const keywords = texts(field(answer, ['keywords', 'terms', 'words']), true).slice(0, 8);
  if (!variants.length && !keywords.length) throw new Error('the model offered no rewrite and no keyword');
  return {
    variants: variants.map((v) => v.slice(0, 500)),
    terms: keywords.map((word) => ({ word: word.slice(0, 64), weight: KEYWORD_WEIGHT })),
  };
}

function texts(value: unknown, splitCommas: boolean): string[] {
  const items = asList(value).flatMap((v) => (splitCommas && typeof v === 'string' ? v.split(/[,;\n]/) : [v]));
  return [...new Set(items.map(asText).filter((t): t is string => t !== undefined))];
}
