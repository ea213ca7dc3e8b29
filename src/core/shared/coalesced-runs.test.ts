import { describe, expect, it } from 'vitest';
import { CoalescedRuns } from './coalesced-runs.js';

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('CoalescedRuns', () => {
  it('runs calls made during a run once more, together, after it', async () => {
    const runs = new CoalescedRuns();
    const started: number[] = [];
    const gates = [gate(), gate()];
    const task = () => {
      const n = started.push(started.length);
      return gates[n - 1].opened;
    };
    const first = runs.run('tag', task);
    await Promise.resolve();
    const waiting = [runs.run('tag', task), runs.run('tag', task), runs.run('tag', task)];
    let settled = 0;
    waiting.forEach((p) => p.then(() => settled++));
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toHaveLength(1);

    gates[0].open();
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toHaveLength(2);
    expect(settled).toBe(0);

    gates[1].open();
    await Promise.all(waiting);
    expect(started).toHaveLength(2);
  });

  it('keeps keys apart, starts afresh once idle, and hands a failure to the callers of that run only', async () => {
    const runs = new CoalescedRuns();
    const seen: string[] = [];
    await Promise.all([runs.run('a', async () => void seen.push('a')), runs.run('b', async () => void seen.push('b'))]);
    expect(seen.sort()).toEqual(['a', 'b']);

    await expect(runs.run('a', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await runs.run('a', async () => void seen.push('a again'));
    expect(seen).toContain('a again');
  });
});
