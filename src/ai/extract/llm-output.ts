import { z } from 'zod';
import { MEMORY_KINDS, type ExtractedMemory } from './types.js';

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

const LlmMemory = z.object({
  content: z.string().trim().min(1).max(10_000),
  isStatic: z.boolean(),
  kind: z.enum(MEMORY_KINDS),
  eventDates: z.array(z.string()),
  forgetAfter: z.string().nullable(),
  speaker: z.string().nullable(),
  turnIndex: z.number().int().nullable(),
  confidence: z.number(),
});

export const LlmExtraction = z.object({ memories: z.array(LlmMemory) });

const ISO_DATE = /^\d{4}(?:-\d{2}(?:-\d{2})?)?$/;

/** Four-digit years only: JavaScript reads dates PostgreSQL cannot store (e.g. +200000-01-01). */
const isReadableDate = (date: string) => ISO_DATE.test(date) && !Number.isNaN(Date.parse(date));

/**
 * Validates a model reply. Structural problems throw (the caller asks again); small slips in values
 * are repaired rather than costing a round trip: unreadable dates are dropped, confidence clamped,
 * turn indexes outside the conversation cleared.
 */
export function parseLlmExtraction(raw: unknown, turnCount: number): ExtractedMemory[] {
  const parsed = LlmExtraction.parse(raw);
  return parsed.memories.map((m) => ({
    content: m.content,
    isStatic: m.isStatic,
    kind: m.kind,
    eventDates: [...new Set(m.eventDates.map((d) => d.trim().slice(0, 10)).filter(isReadableDate))],
    forgetAfter:
      m.forgetAfter && isReadableDate(m.forgetAfter.trim().slice(0, 10)) && !Number.isNaN(Date.parse(m.forgetAfter))
        ? new Date(m.forgetAfter).toISOString()
        : null,
    speaker: m.speaker?.trim() || null,
    turnIndex: m.turnIndex !== null && m.turnIndex >= 0 && m.turnIndex < turnCount ? m.turnIndex : null,
    confidence: Number.isFinite(m.confidence) ? Math.min(1, Math.max(0, m.confidence)) : 0.5,
  }));
}
