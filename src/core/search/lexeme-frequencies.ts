import type { Db } from '../../store/database.js';
import { analyzeTable, readLexemeStatistics, type LexemeStatistics } from '../../store/search/lexeme-stats.js';
import type { SearchTable } from '../../store/search/scope.js';

/** How soon ANALYZE is tried again when it left no statistics on common words (few rows, all words rare). */
const MISSING_RETRY_MS = 5 * 60_000;

/**
 * The planner's statistics about common words, per table, read at most every `ttlMs`. When a
 * table has none (never analyzed, as happens in the embedded database, which has no autovacuum)
 * or they are older than `analyzeEveryMs`, ANALYZE runs in the background; searches meanwhile
 * treat every word as possibly rare.
 */
export class LexemeFrequencies {
  private readonly cache = new Map<SearchTable, { stats: LexemeStatistics | null; until: number }>();
  private readonly analyzing = new Set<SearchTable>();
  private readonly analyzedAt = new Map<SearchTable, number>();
  private readonly startedAt: number;

  constructor(
    private readonly db: Db,
    private readonly options: { ttlMs: number; analyzeEveryMs: number; onError?: (error: unknown) => void },
    /** Milliseconds by the clock. */
    private readonly now: () => number,
  ) {
    this.startedAt = now();
  }

  async get(table: SearchTable): Promise<LexemeStatistics | null> {
    const now = this.now();
    const hit = this.cache.get(table);
    if (hit && hit.until > now) return hit.stats;
    const stats = await readLexemeStatistics(this.db, table);
    this.cache.set(table, { stats, until: now + this.options.ttlMs });
    const last = this.analyzedAt.get(table);
    const due = stats
      ? now - (last ?? this.startedAt) > this.options.analyzeEveryMs
      : last === undefined || now - last > Math.min(this.options.analyzeEveryMs, MISSING_RETRY_MS);
    if (due) this.analyzeLater(table);
    return stats;
  }

  private analyzeLater(table: SearchTable): void {
    if (this.analyzing.has(table)) return;
    this.analyzing.add(table);
    this.analyzedAt.set(table, this.now());
    analyzeTable(this.db, table)
      .then(() => this.cache.delete(table))
      .catch((error: unknown) => this.options.onError?.(error))
      .finally(() => this.analyzing.delete(table));
  }
}
