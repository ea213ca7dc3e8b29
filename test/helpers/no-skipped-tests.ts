import type { Reporter, TestModule } from 'vitest/node';

/** The names of the tests that did not run, as `project > file > test`. */
export function skippedTests(modules: ReadonlyArray<TestModule>): string[] {
  return modules.flatMap((module) => [...module.children.allTests('skipped')].map((test) => `${module.project.name} > ${module.moduleId} > ${test.fullName}`));
}

/** Fails a CI run that skipped any test: a suite that did not run must not look green. */
export default class NoSkippedTests implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const skipped = skippedTests(modules);
    if (skipped.length === 0) return;
    console.error(`\n${skipped.length} test(s) skipped, which CI does not allow:\n  ${skipped.slice(0, 20).join('\n  ')}`);
    process.exitCode = 1;
  }
}
