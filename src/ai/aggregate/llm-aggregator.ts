import type { JsonSchemaFormat } from '../llm/client.js';
import { asInteger, asList, asText, field, listIn } from '../llm/coerce.js';
import { isObject } from '../llm/json-reply.js';
import { LlmWithOfflineFallback } from '../llm/offline-fallback.js';
import { type CombinedStatement, type FoundMemory, MAX_COMBINED, MAX_STATEMENT_CHARS, type MemoryAggregator } from './aggregator.js';

const FORMAT: JsonSchemaFormat = {
  name: 'combined_memories',
  schema: {
    type: 'object',
    properties: {
      statements: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            statement: { type: 'string', description: 'One short sentence combining what the memories say' },
            sources: { type: 'array', items: { type: 'integer' }, description: 'The numbers of the memories it rests on, two or more' },
          },
          required: ['statement', 'sources'],
          additionalProperties: false,
        },
      },
    },
    required: ['statements'],
    additionalProperties: false,
  },
};

const SYSTEM = `You combine search results. You get a query and numbered memories found for it. Where two or more memories overlap (the same person, thing or topic), write one short sentence that combines what they say, and list the numbers of the memories it rests on. Use only what the memories say: add no fact, guess or advice. Write at most ${MAX_COMBINED} sentences, those most useful for the query; none when nothing overlaps.`;

/** Characters of one memory shown to the model. */
const MAX_MEMORY_CHARS = 500;

/**
 * Asks the chat model to combine found memories (one request, bounded in time and tokens by the
 * client it is given); the offline aggregation answers when the model gives nothing usable.
 */
export class LlmAggregator extends LlmWithOfflineFallback<MemoryAggregator> implements MemoryAggregator {
  async aggregate(query: string, memories: FoundMemory[]): Promise<CombinedStatement[]> {
    if (memories.length < 2) return [];
    const listed = memories.map((m, i) => `[${i + 1}] ${m.text.replace(/\s+/g, ' ').trim().slice(0, MAX_MEMORY_CHARS)}`).join('\n');
    return this.ask(
      {
        system: SYSTEM,
        user: `Query: ${query.slice(0, 1_000)}\n\nMemories:\n${listed}`,
        format: FORMAT,
        read: (reply) => combinedStatements(reply, memories),
      },
      () => this.fallback.aggregate(query, memories),
    );
  }
}

/**
 * The model's statements that rest on two or more of the memories it was shown (numbered from 1;
 * "[2]" and "2" read alike), each cut to its bound. A statement that repeats one memory, or names
 * fewer than two, is dropped; an answer of statements none of which is usable is refused (the
 * offline aggregation then answers); an empty list is the model saying nothing overlaps.
 */
export function combinedStatements(reply: unknown, memories: FoundMemory[]): CombinedStatement[] {
  const list = listIn(reply, ['statements', 'combined', 'results', 'memories']);
  if (!list) throw new Error('the answer holds no list of statements');
  const known = new Set(memories.map((m) => m.text.replace(/\s+/g, ' ').trim().toLowerCase()));
  const usable: CombinedStatement[] = [];
  for (const item of list) {
    if (!isObject(item)) continue;
    const text = asText(field(item, ['statement', 'text', 'memory', 'summary']));
    const cited = citations(field(item, ['sources', 'source', 'memories', 'ids', 'from']));
    const sources = [...new Set(cited.map((c) => asInteger(c)).filter((n): n is number => n !== undefined && n >= 1 && n <= memories.length))]
      .map((n) => n - 1)
      .sort((a, b) => a - b);
    if (!text || sources.length < 2 || known.has(text.toLowerCase())) continue;
    const statement = text.length > MAX_STATEMENT_CHARS ? `${text.slice(0, MAX_STATEMENT_CHARS - 1).trimEnd()}…` : text;
    if (usable.some((u) => u.statement.toLowerCase() === statement.toLowerCase())) continue;
    usable.push({ statement, sources });
  }
  if (list.length && !usable.length) throw new Error('no statement rests on two or more of the memories shown');
  return usable.slice(0, MAX_COMBINED);
}

/** The memories a statement names: a list, one number, or a string of them ("1, 3", "[1] [3]"). */
function citations(value: unknown): unknown[] {
  if (typeof value === 'string') return value.match(/\d+/g) ?? [];
  return asList(value);
}
