import type { JsonSchemaFormat } from '../llm/client.js';
import { asInteger, asNumber, field, listIn } from '../llm/coerce.js';
import { isObject } from '../llm/json-reply.js';
import { LlmWithOfflineFallback } from '../llm/offline-fallback.js';
import type { RerankCandidate, Reranker } from './reranker.js';

const FORMAT: JsonSchemaFormat = {
  name: 'relevance_scores',
  schema: {
    type: 'object',
    properties: {
      scores: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            index: { type: 'integer' },
            score: { type: 'number', description: '0 (unrelated) to 10 (answers the query directly)' },
          },
          required: ['index', 'score'],
          additionalProperties: false,
        },
      },
    },
    required: ['scores'],
    additionalProperties: false,
  },
};

const SYSTEM = `You judge search results. For each numbered passage, rate from 0 to 10 how well it helps answer the query: 10 answers it directly, 5 is on topic, 0 is unrelated. Return a score for every passage.`;

/** The model's judgement dominates; the first-stage score breaks ties and absorbs model noise. */
const MODEL_WEIGHT = 0.7;
const MAX_PASSAGE_CHARS = 1200;

/** Re-scores candidates with the configured chat model; falls back to `fallback` when the model fails. */
export class LlmReranker extends LlmWithOfflineFallback<Reranker> implements Reranker {
  async rerank(query: string, candidates: RerankCandidate[]): Promise<number[]> {
    if (!candidates.length) return [];
    const passages = candidates.map((c, i) => `[${i}] ${c.text.slice(0, MAX_PASSAGE_CHARS).replace(/\s+/g, ' ')}`).join('\n');
    return this.ask(
      {
        system: SYSTEM,
        user: `Query: ${query}\n\nPassages:\n${passages}`,
        format: FORMAT,
        read: (reply) => blend(candidates, judgedScores(reply, candidates.length)),
      },
      () => this.fallback.rerank(query, candidates),
    );
  }
}

/**
 * The model's scores by passage index, scaled to 0..1: `{index, score}` items (numbers as strings
 * too), bare numbers in passage order, or an object from index to score.
 */
function judgedScores(reply: unknown, count: number): Map<number, number> {
  const judged = new Map<number, number>();
  const judge = (index: number | undefined, score: number | undefined) => {
    if (index !== undefined && index >= 0 && index < count && score !== undefined) judged.set(index, Math.min(10, Math.max(0, score)) / 10);
  };
  const list = listIn(reply, ['scores', 'ratings', 'results', 'passages']);
  if (list) {
    list.forEach((item, position) => {
      if (isObject(item)) judge(asInteger(field(item, ['index', 'passage', 'id', 'i'])), asNumber(field(item, ['score', 'rating', 'relevance'])));
      else judge(position, asNumber(item));
    });
  } else if (isObject(reply)) {
    for (const [key, value] of Object.entries(reply)) judge(asInteger(key), asNumber(value));
  }
  if (!judged.size) throw new Error('the model scored no passage');
  return judged;
}

function blend(candidates: RerankCandidate[], judged: Map<number, number>): number[] {
  return candidates.map((c, i) => {
    const model = judged.get(i);
    return model === undefined ? c.score * (1 - MODEL_WEIGHT) : MODEL_WEIGHT * model + (1 - MODEL_WEIGHT) * c.score;
  });
}
