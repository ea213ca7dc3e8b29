import { describe, expect, it, vi } from 'vitest';

const reads: string[] = [];
const analyzed: string[] = [];
let statistics: { rows: number; frequencies: Map<string, number> } | null = null;

vi.mock('../../store/search/lexeme-stats.js', () => ({
  readLexemeStatistics: async (_db: unknown, table: string) => {
    reads.push(table);
    return statistics;
  },
  analyzeTable: async (_db: unknown, table: string) => {
    analyzed.push(table);
  },
}));

const { LexemeFrequencies } = await import('./lexeme-frequencies.js');

describe('LexemeFrequencies', () => {
  it('reads statistics at most once per ttl, analyzes at once when there are none, then only now and then', async () => {
    let now = 0;
    const frequencies = new LexemeFrequencies({} as never, { ttlMs: 1000, analyzeEveryMs: 60_000 }, () => now);
    expect(await frequencies.get('memories')).toBeNull();
    await new Promise((resolve) => setImmediate(resolve));
    expect(analyzed).toEqual(['memories']);

    statistics = { rows: 100, frequencies: new Map([['the', 0.9]]) };
    expect(await frequencies.get('memories')).toEqual(statistics);
    expect(reads).toHaveLength(2);
    now = 500;
    await frequencies.get('memories');
    expect(reads).toHaveLength(2);
    now = 30_000;
    await frequencies.get('memories');
    expect(analyzed).toEqual(['memories']);
    now = 70_000;
    await frequencies.get('memories');
    await new Promise((resolve) => setImmediate(resolve));
    expect(analyzed).toEqual(['memories', 'memories']);
  });
});
