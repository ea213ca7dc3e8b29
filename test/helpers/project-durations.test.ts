import { describe, expect, it } from 'vitest';
import type { TestModule } from 'vitest/node';
import { formatProjectTimes, projectTimes } from './project-durations.js';

/** A finished file of `project` with `tests` tests that took `ms` (all of it running tests). */
function file(project: string, ms: number, tests: number): TestModule {
  return {
    project: { name: project },
    children: { allTests: () => Array.from({ length: tests }, () => ({}))[Symbol.iterator]() },
    diagnostic: () => ({ environmentSetupDuration: 0, prepareDuration: 0, collectDuration: 0, setupDuration: 0, duration: ms }),
  } as unknown as TestModule;
}

describe('the time per test project', () => {
  it('spans each project from its first file to its last, and adds up its files', () => {
    const a1 = file('unit', 1_000, 3);
    const a2 = file('unit', 2_000, 1);
    const b1 = file('e2e', 5_000, 2);
    // unit: 0–1 s and 1.5–3.5 s; e2e: 1–6 s.
    const ended = new Map([
      [a1, 1_000],
      [a2, 3_500],
      [b1, 6_000],
    ]);
    expect(projectTimes([a1, b1, a2], ended)).toEqual([
      { project: 'unit', files: 2, tests: 4, wallMs: 3_500, fileMs: 3_000 },
      { project: 'e2e', files: 1, tests: 2, wallMs: 5_000, fileMs: 5_000 },
    ]);
  });

  it('prints one line per project', () => {
    const text = formatProjectTimes([{ project: 'api-pglite', files: 120, tests: 900, wallMs: 600_000, fileMs: 1_100_000 }]);
    expect(text.split('\n')).toHaveLength(2);
    expect(text).toMatch(/api-pglite\s+600\.0 s wall\s+1100\.0 s in files\s+120 files\s+900 tests/);
  });
});
