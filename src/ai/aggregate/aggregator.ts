/** A found memory offered for aggregation: its place among the offered ones is how an answer names it. */
export interface FoundMemory {
  text: string;
}

/**
 * A statement combined from several found memories: `sources` are the places (0-based) of the
 * memories it rests on among those offered, at least two, in the order they were offered.
 */
export interface CombinedStatement {
  statement: string;
  sources: number[];
}

/**
 * Combines found memories that overlap (several about one subject) into a few short statements,
 * each naming the memories it rests on. It never adds what the memories do not say.
 */
export interface MemoryAggregator {
  readonly name: string;
  /** At most `MAX_COMBINED` statements, best first; [] when nothing overlaps. */
  aggregate(query: string, memories: FoundMemory[]): Promise<CombinedStatement[]>;
}

/** Statements one search adds at most. */
export const MAX_COMBINED = 3;
/** Found memories offered at most (the best ones). */
export const MAX_OFFERED = 20;
/** Characters of one statement at most. */
export const MAX_STATEMENT_CHARS = 600;
