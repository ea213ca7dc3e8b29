import { describe, expect, it } from 'vitest';
import { classifyBuckets, DEFAULT_BUCKETS, mergeBuckets } from './buckets.js';

describe('profile buckets', () => {
  it('merges org and tag buckets with the org winning, and defaults to preferences', () => {
    expect(mergeBuckets(null, null)).toEqual(DEFAULT_BUCKETS);
    const merged = mergeBuckets(
      [{ key: 'work', description: 'job and employer' }],
      [
        { key: 'work', description: 'tag version' },
        { key: 'health', description: 'fitness, diet, sleep' },
      ],
    );
    expect(merged).toEqual([
      { key: 'work', description: 'job and employer' },
      { key: 'health', description: 'fitness, diet, sleep' },
    ]);
  });

  it('classifies by shared content words and puts stated preferences in preferences', () => {
    const buckets = [{ key: 'work', description: 'job, employer, projects' }, { key: 'health', description: 'fitness, diet, sleep' }, ...DEFAULT_BUCKETS];
    expect(classifyBuckets('Alex changed employer and now works on payments projects', buckets)).toEqual(['work']);
    expect(classifyBuckets('Alex loves trail running for fitness', buckets)).toEqual(['health', 'preferences']);
    expect(classifyBuckets('Alex visited Lisbon', buckets)).toEqual([]);
  });
});
