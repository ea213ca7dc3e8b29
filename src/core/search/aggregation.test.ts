import { describe, expect, it } from 'vitest';
import type { MemoryAggregator } from '../../ai/aggregate/aggregator.js';
import { SubjectAggregator } from '../../ai/aggregate/subject-aggregator.js';
import type { MemoryRecord } from '../../model/memories.js';
import { rankWithSynthesized, synthesize } from './aggregation.js';

const memory = (id: string, text: string, over: Partial<MemoryRecord> = {}): MemoryRecord => ({
  id,
  orgId: 'org',
  containerTag: 'tag',
  memory: text,
  version: 1,
  isLatest: true,
  parentMemoryId: null,
  rootMemoryId: null,
  relations: {},
  sourceCount: 1,
  isInference: false,
  isForgotten: false,
  isStatic: false,
  forgetAfter: null,
  forgetReason: null,
  temporalContext: null,
  reviewStatus: null,
  buckets: [],
  metadata: null,
  attributes: null,
  canonical: null,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  updatedAt: new Date(`2026-01-0${id.length}T00:00:00Z`),
  ...over,
});

describe('synthesize', () => {
  const offline = new SubjectAggregator();

  it('combines only latest, unforgotten, stated memories, and ids a statement by its sources and words', async () => {
    const found = [
      { memory: memory('m1', 'Bob works at Siemens'), similarity: 0.7 },
      { memory: memory('m22', 'Bob lives in Berlin'), similarity: 0.9 },
      { memory: memory('m333', 'Bob lives in Paris', { isLatest: false }), similarity: 0.8 },
      { memory: memory('m4444', 'Bob is forgotten', { isForgotten: true }), similarity: 0.8 },
      { memory: memory('m55555', 'Bob is inferred to cycle', { isInference: true }), similarity: 0.8 },
    ];
    const [combined, ...more] = await synthesize(offline, 'Bob', found);
    expect(more).toEqual([]);
    expect(combined).toMatchObject({ kind: 'synthesized', memory: 'Bob works at Siemens and lives in Berlin.', similarity: 0.9 });
    expect(combined.sources.map((m) => m.id)).toEqual(['m1', 'm22']);
    expect(combined.updatedAt).toEqual(new Date('2026-01-03T00:00:00Z'));
    expect(combined.id).toMatch(/^agg_[0-9a-f]{32}$/);
    expect((await synthesize(offline, 'Bob', found.slice(0, 2)))[0].id).toBe(combined.id);
  });

  it('drops a statement naming fewer than two of the memories offered', async () => {
    const sloppy: MemoryAggregator = {
      name: 'sloppy',
      aggregate: async () => [
        { statement: 'one', sources: [0, 0] },
        { statement: 'out of range', sources: [0, 7] },
      ],
    };
    const found = [
      { memory: memory('a', 'Ann sings'), similarity: 0.5 },
      { memory: memory('b', 'Ann dances'), similarity: 0.4 },
    ];
    expect(await synthesize(sloppy, 'Ann', found)).toEqual([]);
  });
});

describe('rankWithSynthesized', () => {
  it('puts a synthesized hit ahead of the found ones it ties with or beats, within the limit', () => {
    const hits = [{ similarity: 0.9 }, { similarity: 0.8 }, { similarity: 0.5 }];
    const synthesized = { kind: 'synthesized' as const, id: 'agg_x', memory: 'x', sources: [], similarity: 0.8, updatedAt: new Date() };
    expect(rankWithSynthesized(hits, [synthesized], 3)).toEqual([hits[0], synthesized, hits[1]]);
    expect(rankWithSynthesized(hits, [], 2)).toEqual(hits);
  });
});
