export interface ScopeSize {
  /** Rows in scope (counted when small, estimated when large). */
  size: number;
  /** Over the exact-search limit: searched through the HNSW index, words capped. */
  large: boolean;
}

/**
 * Remembers how large each search scope is for a short while. The answer picks the vector path
 * and feeds inverse document frequencies; a slightly stale value changes neither correctness nor,
 * noticeably, ranking.
 */
export class ScopeSizes {
  private readonly entries = new Map<string, { value: ScopeSize; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 10_000,
  ) {}

  async get(key: string, measure: () => Promise<ScopeSize>): Promise<ScopeSize> {
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.value;
    const value = await measure();
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { value, until: now + this.ttlMs });
    return value;
  }

  /** After writes in this process, so small scopes that just grew are measured again. */
  invalidate(prefix: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}
