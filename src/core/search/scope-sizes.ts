export interface ScopeSize {
  /** Rows in scope (counted when small, estimated when large). */
  size: number;
  /** Over the exact-search limit: searched through the HNSW index, words capped. */
  large: boolean;
}

interface Entry {
  value: ScopeSize;
  until: number;
  /** A measurement of this entry is under way in the background. */
  refreshing: boolean;
}

/** Runs a background task later, off the search that asked for it. */
export type Defer = (task: () => void) => void;

/** After the current turn of the event loop: the search that found the entry stale sends its own statements first. */
const afterThisTurn: Defer = (task) => {
  setTimeout(task, 0).unref();
};

/**
 * Remembers how large each search scope is. The answer picks the vector path and feeds inverse
 * document frequencies; a slightly stale value changes neither correctness nor, noticeably,
 * ranking (other processes' writes reach it within `ttlMs`). Only a scope's first search, and the
 * first after this process wrote to it, waits for the count. An entry older than `ttlMs` is still
 * answered and counted again in the background for the searches after it: counting a tag reads
 * all its rows, which on the embedded database would otherwise hold up the search that found the
 * entry stale.
 */
export class ScopeSizes {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs: number,
    /** Milliseconds by the clock. */
    private readonly now: () => number,
    private readonly maxEntries = 10_000,
    private readonly defer: Defer = afterThisTurn,
  ) {}

  async get(key: string, measure: () => Promise<ScopeSize>): Promise<ScopeSize> {
    const hit = this.entries.get(key);
    if (hit) {
      if (hit.until <= this.now() && !hit.refreshing) this.refresh(key, hit, measure);
      return hit.value;
    }
    const value = await measure();
    this.store(key, value);
    return value;
  }

  /** After writes in this process, so small scopes that just grew are measured again (by the next search). */
  invalidate(prefix: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  private refresh(key: string, entry: Entry, measure: () => Promise<ScopeSize>): void {
    entry.refreshing = true;
    this.defer(() => {
      measure().then(
        // An entry invalidated (or replaced) meanwhile is left to the next search.
        (value) => this.entries.get(key) === entry && this.store(key, value),
        // A failed count keeps the old size; the next search past it tries again.
        () => (entry.refreshing = false),
      );
    });
  }

  private store(key: string, value: ScopeSize): void {
    if (!this.entries.has(key) && this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { value, until: this.now() + this.ttlMs, refreshing: false });
  }
}
