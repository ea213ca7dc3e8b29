import type { ChatMessage, JsonSchemaFormat } from '../llm-client.js';
import type { QueryExpansion, QueryRewriter } from './query-rewriter.js';

/** The part of an LLM client the rewriter needs. */
export interface JsonChatModel {
  chatJson(messages: ChatMessage[], format: JsonSchemaFormat): Promise<unknown>;
}

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
export class LlmQueryRewriter implements QueryRewriter {
  readonly name = 'llm';

  constructor(
    private readonly llm: JsonChatModel,
    private readonly fallback: QueryRewriter,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  async rewrite(query: string): Promise<QueryExpansion> {
    try {
      const reply = (await this.llm.chatJson(
        [
          { role: 'system', content: SYSTEM },
          { role: 'user', content: query },
        ],
        FORMAT,
      )) as { rewrites?: unknown; keywords?: unknown };
      const strings = (value: unknown, max: number) =>
        (Array.isArray(value) ? value : []).filter((v): v is string => typeof v === 'string' && v.trim() !== '').slice(0, max);
      return {
        variants: strings(reply.rewrites, 3).map((v) => v.slice(0, 500)),
        terms: strings(reply.keywords, 8).map((word) => ({ word: word.slice(0, 64), weight: KEYWORD_WEIGHT })),
      };
    } catch (error) {
      this.onError(error);
      return this.fallback.rewrite(query);
    }
  }
}
