/** A word to look for besides the query's own. */
export interface ExpansionTerm {
  word: string;
  /** The query word it can stand in for (a synonym); absent for a new keyword. */
  stands?: string;
  /** 0..1: how much a match on it counts compared with a match on a query word. */
  weight: number;
}

export interface QueryExpansion {
  /** Other phrasings of the query, each embedded and searched besides the query itself. */
  variants: string[];
  terms: ExpansionTerm[];
}

/** Widens a query so relevant texts that word things differently are found too. */
export interface QueryRewriter {
  readonly name: string;
  rewrite(query: string): Promise<QueryExpansion>;
}
