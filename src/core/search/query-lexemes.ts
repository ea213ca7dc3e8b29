import type { Db } from '../../store/database.js';
import { stemWords, type LexicalTerm, type QueryLexeme } from '../../store/search/candidates.js';

const MAX_CACHED_WORDS = 50_000;

/**
 * Query words as the full-text index stores them. Stemming is deterministic, so each word is
 * sent to the database once and remembered.
 */
export class QueryLexemes {
  private readonly stems = new Map<string, string[]>();

  constructor(private readonly db: Db) {}

  async of(terms: LexicalTerm[]): Promise<QueryLexeme[]> {
    const unknown = [...new Set(terms.map((t) => t.word).filter((w) => !this.stems.has(w)))];
    if (unknown.length) {
      const found = await stemWords(this.db, unknown);
      if (this.stems.size + unknown.length > MAX_CACHED_WORDS) this.stems.clear();
      for (const word of unknown) this.stems.set(word, found.get(word) ?? []);
    }
    // One entry per lexeme: the query's own word wins over an expansion that stems the same.
    const byLexeme = new Map<string, QueryLexeme>();
    for (const term of terms) {
      for (const lexeme of this.stems.get(term.word) ?? []) {
        const current = byLexeme.get(lexeme);
        if (!current || term.weight > current.weight) byLexeme.set(lexeme, { lexeme, grp: term.group, weight: term.weight });
      }
    }
    return [...byLexeme.values()];
  }
}
