export const KS = [5, 10, 20] as const;

/** Share of the evidence found in the first k retrieved; questions without evidence are skipped. */
export function evidenceRecall(evidence: string[], retrieved: string[][], k: number): number | null {
  if (!evidence.length) return null;
  const found = new Set(retrieved.slice(0, k).flat());
  return evidence.filter((e) => found.has(e)).length / evidence.length;
}

export class RecallTable {
  private readonly sums = new Map<string, { total: number; n: number }>();

  add(category: number, k: number, value: number | null): void {
    if (value === null) return;
    for (const key of [`${category}@${k}`, `all@${k}`]) {
      const entry = this.sums.get(key) ?? { total: 0, n: 0 };
      entry.total += value;
      entry.n += 1;
      this.sums.set(key, entry);
    }
  }

  /** Mean recall in percent. */
  get(category: number | 'all', k: number): number {
    const entry = this.sums.get(`${category}@${k}`);
    return entry?.n ? (100 * entry.total) / entry.n : 0;
  }

  count(category: number | 'all'): number {
    return this.sums.get(`${category}@${KS[0]}`)?.n ?? 0;
  }
}

export function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
