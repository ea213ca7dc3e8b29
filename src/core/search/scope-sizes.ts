/**
 * Remembers how many rows each search scope holds for a short while. The number picks the
 * vector path (exact scan or HNSW) and feeds inverse document frequencies; a slightly stale
 * value changes neither correctness nor, noticeably, ranking, and counting on every search
 * would cost more than the search itself in large scopes.
 */
export class ScopeSizes {
  private readonly entries = new Map<string, { size: number; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 10_000,
  ) {}

  async get(key: string, count: () => Promise<number>): Promise<number> {
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.size;
    const size = await count();
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { size, until: now + this.ttlMs });
    return size;
  }

  /** Counts change a lot when a scope is small; forget them after writes so tests and first uses see fresh ones. */
  invalidate(prefix: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}
