import { describe, expect, it } from 'vitest';
import type { ProfileEntry } from '../../model/profiles.js';
import { MAX_INLINE_TEXT } from '../webhooks/events.js';
import { MAX_CHANGED_LINES, profileChange, type ProfileContent } from './stored-profile.js';

const entry = (id: string, memory: string, date: string | null = null): ProfileEntry => ({ memoryId: id, memory, date, forgetAfter: null });
const profile = (staticEntries: ProfileEntry[], dynamicEntries: ProfileEntry[] = [], bucketEntries: Record<string, ProfileEntry[]> = {}): ProfileContent => ({
  staticEntries,
  dynamicEntries,
  bucketEntries,
});

describe('profileChange', () => {
  it('lists the lines each part gained and lost, a changed line as removed and added, and only the buckets that changed', () => {
    const before = profile([entry('m1', 'Ana lives in Faro.'), entry('m2', 'Ana is a nurse.')], [entry('m3', 'Ana moves.', '2026-11-01')], {
      work: [entry('m2', 'Ana is a nurse.')],
      home: [entry('m1', 'Ana lives in Faro.')],
    });
    const after = profile([entry('m4', 'Ana lives in Evora.'), entry('m2', 'Ana is a nurse.')], [entry('m3', 'Ana moves.', '2026-11-02')], {
      work: [entry('m2', 'Ana is a nurse.')],
      home: [entry('m4', 'Ana lives in Evora.')],
    });
    expect(profileChange(before, after)).toEqual({
      staticCount: 2,
      dynamicCount: 1,
      bucketCounts: { work: 1, home: 1 },
      static: { added: [{ id: 'm4', memory: 'Ana lives in Evora.' }], removed: [{ id: 'm1', memory: 'Ana lives in Faro.' }], moreAdded: 0, moreRemoved: 0 },
      dynamic: {
        added: [{ id: 'm3', memory: '[2026-11-02] Ana moves.' }],
        removed: [{ id: 'm3', memory: '[2026-11-01] Ana moves.' }],
        moreAdded: 0,
        moreRemoved: 0,
      },
      buckets: {
        home: { added: [{ id: 'm4', memory: 'Ana lives in Evora.' }], removed: [{ id: 'm1', memory: 'Ana lives in Faro.' }], moreAdded: 0, moreRemoved: 0 },
      },
    });
  });

  it('lists at most MAX_CHANGED_LINES lines over all the parts and counts the others; a long line is cut', () => {
    const many = Array.from({ length: 30 }, (_, i) => entry(`s${i}`, `static line ${i}`));
    const long = entry('d0', 'x'.repeat(MAX_INLINE_TEXT + 10));
    const change = profileChange(undefined, profile(many, [long], { work: [entry('b0', 'bucket line')] }));
    expect(change.static.added).toHaveLength(MAX_CHANGED_LINES);
    expect(change.static.moreAdded).toBe(30 - MAX_CHANGED_LINES);
    expect(change.dynamic).toEqual({ added: [], removed: [], moreAdded: 1, moreRemoved: 0 });
    expect(change.buckets.work).toEqual({ added: [], removed: [], moreAdded: 1, moreRemoved: 0 });
    expect(change.staticCount).toBe(30);

    const cut = profileChange(undefined, profile([long]));
    expect(cut.static.added).toEqual([{ id: 'd0', memory: 'x'.repeat(MAX_INLINE_TEXT), truncated: true }]);
  });
});
