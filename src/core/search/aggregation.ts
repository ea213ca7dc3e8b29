import { createHash } from 'node:crypto';
import { MAX_OFFERED, type MemoryAggregator } from '../../ai/aggregate/aggregator.js';
import type { MemoryRecord } from '../../model/memories.js';

/** A found memory as aggregation reads it (a memory hit of the search). */
export interface FoundHit {
  memory: MemoryRecord;
  similarity: number;
}

/**
 * A statement `rerank: aggregate` combined from several found memories. It is an inference made for
 * this answer and is not stored: its id (`agg_…`) is derived from the memories it rests on and what
 * it says, so the same search answers the same id, and no stored memory has it (theirs have no `_`).
 */
export interface SynthesizedHit {
  kind: 'synthesized';
  id: string;
  memory: string;
  /** The found memories it rests on, best found first (two or more). */
  sources: MemoryRecord[];
  /** Its best source's similarity: it ranks beside what it combines. */
  similarity: number;
  /** The newest of its sources' times. */
  updatedAt: Date;
}

/** The prefix of a synthesized result's id; stored ids are base62 and never hold it. */
export const SYNTHESIZED_ID_PREFIX = 'agg_';

/**
 * Combines the found memories that overlap: the best `MAX_OFFERED` latest, unforgotten, stated
 * memories among the hits (only the caller's: the hits are the search's own, within its scope)
 * are offered to the aggregator, and each statement it gives becomes a synthesized hit.
 */
export async function synthesize(aggregator: MemoryAggregator, query: string, found: FoundHit[]): Promise<SynthesizedHit[]> {
  const offered = found.filter((h) => h.memory.isLatest && !h.memory.isForgotten && !h.memory.isInference).slice(0, MAX_OFFERED);
  if (offered.length < 2) return [];
  const combined = await aggregator.aggregate(
    query,
    offered.map((h) => ({ text: h.memory.memory })),
  );
  return combined.flatMap(({ statement, sources }) => {
    const cited = [...new Set(sources)].filter((i) => i >= 0 && i < offered.length).map((i) => offered[i]);
    if (cited.length < 2) return [];
    const ids = cited.map((h) => h.memory.id);
    const digest = createHash('sha256')
      .update(JSON.stringify([cited[0].memory.containerTag, [...ids].sort(), statement]))
      .digest('hex')
      .slice(0, 32);
    return [
      {
        kind: 'synthesized' as const,
        id: `${SYNTHESIZED_ID_PREFIX}${digest}`,
        memory: statement,
        sources: cited.map((h) => h.memory),
        similarity: Math.max(...cited.map((h) => h.similarity)),
        updatedAt: new Date(Math.max(...cited.map((h) => h.memory.updatedAt.getTime()))),
      },
    ];
  });
}

/**
 * The found hits and the synthesized ones in one ranking, by similarity (a synthesized hit ahead of
 * a found one it ties with: it is the cleaner answer), at most `limit`: the lowest found ones make
 * room for the synthesized ones.
 */
export function rankWithSynthesized<Hit extends { similarity: number }>(hits: Hit[], synthesized: SynthesizedHit[], limit: number): (Hit | SynthesizedHit)[] {
  if (!synthesized.length) return hits;
  const ordered = [...synthesized].sort((a, b) => b.similarity - a.similarity);
  const ranked: (Hit | SynthesizedHit)[] = [];
  let next = 0;
  for (const hit of hits) {
    while (next < ordered.length && ordered[next].similarity >= hit.similarity) ranked.push(ordered[next++]);
    ranked.push(hit);
  }
  ranked.push(...ordered.slice(next));
  return ranked.slice(0, limit);
}
