import { asBoolean, asInteger, asList, asNumber, asText, field, listIn } from '../llm/coerce.js';
import { isObject, LlmOutputError, looksLikeSchema } from '../llm/json-reply.js';
import { MEMORY_KINDS, type ExtractedMemory, type MemoryKind } from './types.js';

/** What the model must return; strict-mode JSON schema (every property required, nulls explicit). */
export const EXTRACTION_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['memories'],
  properties: {
    memories: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['content', 'isStatic', 'kind', 'eventDates', 'forgetAfter', 'speaker', 'turnIndex', 'confidence'],
        properties: {
          content: { type: 'string', description: 'One self-contained fact with its subject named.' },
          isStatic: { type: 'boolean', description: 'Durable identity fact (name, job, home, relationships, stable preferences).' },
          kind: { type: 'string', enum: [...MEMORY_KINDS] },
          eventDates: { type: 'array', items: { type: 'string' }, description: 'ISO dates (YYYY-MM-DD, YYYY-MM or YYYY) the fact is about.' },
          forgetAfter: { type: ['string', 'null'], description: 'ISO instant after which a time-bound fact stops being true.' },
          speaker: { type: ['string', 'null'] },
          turnIndex: { type: ['integer', 'null'], description: 'Index of the turn the fact comes from.' },
          confidence: { type: 'number', description: 'From 0 to 1.' },
        },
      },
    },
  },
} as const;

/**
 * The names a model gives each field of a memory, the schema's own first; `field()` also accepts
 * them in snake_case or any case. Kept in step with the schema by a test.
 */
export const MEMORY_FIELD_NAMES = {
  content: ['content', 'fact', 'memory', 'text', 'statement'],
  isStatic: ['isStatic', 'static', 'durable'],
  kind: ['kind', 'type', 'category'],
  eventDates: ['eventDates', 'dates', 'eventDate', 'date'],
  forgetAfter: ['forgetAfter', 'expiresAt', 'expires', 'validUntil'],
  speaker: ['speaker', 'saidBy'],
  turnIndex: ['turnIndex', 'turn'],
  confidence: ['confidence', 'certainty'],
} as const;

/** Where the memories are when the answer is not `{"memories": [...]}`. */
const LIST_NAMES = ['memories', 'facts', 'items', 'results', 'extracted'];
/** Longer than this is a passage, not one fact. */
const MAX_CONTENT_CHARS = 1_000;
/** When the model says nothing of its confidence. */
const DEFAULT_CONFIDENCE = 0.8;
const CONFIDENCE_WORDS: Record<string, number> = { high: 0.9, medium: 0.6, moderate: 0.6, low: 0.3 };
const KIND_WORDS: Record<string, MemoryKind> = {
  preferences: 'preference',
  like: 'preference',
  likes: 'preference',
  relationship: 'relation',
  relationships: 'relation',
  events: 'event',
  plans: 'plan',
  goal: 'plan',
  intention: 'plan',
  facts: 'fact',
  attribute: 'identity',
  biography: 'identity',
};
const SCHEMA_DESCRIPTIONS = new Set(
  Object.values(EXTRACTION_JSON_SCHEMA.properties.memories.items.properties).flatMap((p) => ('description' in p ? [p.description.toLowerCase()] : [])),
);

const ISO_DATE = /^\d{4}(?:-\d{2}(?:-\d{2})?)?$/;

/** Four-digit years only: JavaScript reads dates PostgreSQL cannot store (e.g. +200000-01-01). */
const isReadableDate = (date: string) => ISO_DATE.test(date) && !Number.isNaN(Date.parse(date));

/**
 * The memories of a model's answer, read as leniently as is safe: the list may be the answer
 * itself, a single memory, or under another name; a memory may be a bare string or use other
 * field names, and `"true"` or `"0.9"` for values. What is clear is kept (unknown kinds become
 * `fact`, unreadable dates are dropped, confidence clamped, turn indexes outside the conversation
 * cleared); an item without a one-fact `content` is dropped; placeholders copied from the schema
 * are never memories. Throws `LlmOutputError` when the answer holds no list, or items but none usable.
 */
export function parseLlmExtraction(answer: unknown, turnCount: number): ExtractedMemory[] {
  const list = isObject(answer) && contentOf(answer) !== undefined ? [answer] : listIn(answer, LIST_NAMES);
  if (!list) throw new LlmOutputError('unusable_reply', 'the answer must be a JSON object {"memories": [...]} listing the memories');
  const memories = new Map<string, ExtractedMemory>();
  let placeholders = 0;
  for (const item of list) {
    const memory = readMemory(item, turnCount);
    if (memory === 'placeholder') placeholders++;
    else if (memory && !memories.has(memory.content.toLowerCase())) memories.set(memory.content.toLowerCase(), memory);
  }
  if (memories.size === 0 && placeholders > 0) throw new LlmOutputError('schema_echo', 'it repeated the schema instead of filling it in');
  if (memories.size === 0 && list.length > 0) {
    throw new LlmOutputError('unusable_reply', 'no item of "memories" is an object whose "content" states one fact');
  }
  return [...memories.values()];
}

function contentOf(item: Record<string, unknown>): unknown {
  const content = field(item, MEMORY_FIELD_NAMES.content);
  return typeof content === 'string' ? content : undefined;
}

function readMemory(item: unknown, turnCount: number): ExtractedMemory | 'placeholder' | null {
  if (looksLikeSchema(item)) return 'placeholder';
  const fields = isObject(item) ? item : {};
  const raw = typeof item === 'string' ? item : contentOf(fields);
  if (typeof raw !== 'string') return null;
  const content = asText(raw);
  if (content === undefined) return raw.trim() ? 'placeholder' : null;
  if (SCHEMA_DESCRIPTIONS.has(content.toLowerCase())) return 'placeholder';
  if (content.length > MAX_CONTENT_CHARS || !/\p{L}/u.test(content)) return null;
  const kind = readKind(field(fields, MEMORY_FIELD_NAMES.kind));
  const turnIndex = asInteger(field(fields, MEMORY_FIELD_NAMES.turnIndex));
  return {
    content,
    isStatic: asBoolean(field(fields, MEMORY_FIELD_NAMES.isStatic)) ?? kind === 'identity',
    kind,
    eventDates: [
      ...new Set(
        asList(field(fields, MEMORY_FIELD_NAMES.eventDates))
          .flatMap((d) => (typeof d === 'string' ? [d.trim().slice(0, 10)] : []))
          .filter(isReadableDate),
      ),
    ],
    forgetAfter: readInstant(field(fields, MEMORY_FIELD_NAMES.forgetAfter)),
    speaker: asText(field(fields, MEMORY_FIELD_NAMES.speaker)) ?? null,
    turnIndex: turnIndex !== undefined && turnIndex >= 0 && turnIndex < turnCount ? turnIndex : null,
    confidence: readConfidence(field(fields, MEMORY_FIELD_NAMES.confidence)),
  };
}

function readKind(value: unknown): MemoryKind {
  const word = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return (MEMORY_KINDS as readonly string[]).includes(word) ? (word as MemoryKind) : (KIND_WORDS[word] ?? 'fact');
}

function readInstant(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return isReadableDate(text.slice(0, 10)) && !Number.isNaN(Date.parse(text)) ? new Date(text).toISOString() : null;
}

function readConfidence(value: unknown): number {
  const number = asNumber(value) ?? (typeof value === 'string' ? CONFIDENCE_WORDS[value.trim().toLowerCase()] : undefined);
  return number === undefined ? DEFAULT_CONFIDENCE : Math.min(1, Math.max(0, number));
}
