import type { Reporter, TestModule } from 'vitest/node';

export interface ProjectTime {
  project: string;
  files: number;
  tests: number;
  /** From the start of its first file to the end of its last one; projects run side by side, so these overlap. */
  wallMs: number;
  /** Its files' own time added up: environment, import, setup, tests and hooks. */
  fileMs: number;
}

/** The time a file took, from its environment's set-up to its last test. */
export function moduleMs(module: TestModule): number {
  const d = module.diagnostic();
  return d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
}

/** Per project, in the order first seen: `ended` holds the clock (ms) at which each file ended. */
export function projectTimes(modules: ReadonlyArray<TestModule>, ended: ReadonlyMap<TestModule, number>): ProjectTime[] {
  const byProject = new Map<string, ProjectTime & { start: number; end: number }>();
  for (const module of modules) {
    const project = module.project.name;
    const ms = moduleMs(module);
    const end = ended.get(module);
    const row = byProject.get(project) ?? { project, files: 0, tests: 0, wallMs: 0, fileMs: 0, start: Infinity, end: -Infinity };
    row.files += 1;
    row.tests += [...module.children.allTests()].length;
    row.fileMs += ms;
    if (end !== undefined) {
      row.start = Math.min(row.start, end - ms);
      row.end = Math.max(row.end, end);
    }
    byProject.set(project, row);
  }
  return [...byProject.values()].map(({ start, end, ...row }) => ({ ...row, wallMs: end > start ? end - start : 0 }));
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function formatProjectTimes(rows: ProjectTime[]): string {
  const width = Math.max(7, ...rows.map((r) => r.project.length));
  const lines = rows.map(
    (r) =>
      `  ${r.project.padEnd(width)}  ${seconds(r.wallMs).padStart(9)} wall  ${seconds(r.fileMs).padStart(9)} in files  ${String(r.files).padStart(4)} files  ${String(r.tests).padStart(5)} tests`,
  );
  return ['Time per test project (projects share the workers, so wall times overlap):', ...lines].join('\n');
}

/** Prints, after a run, each project's wall time and its files' summed time (see .ci/run). */
export default class ProjectDurations implements Reporter {
  private readonly ended = new Map<TestModule, number>();

  onTestModuleEnd(module: TestModule): void {
    this.ended.set(module, performance.now());
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    if (modules.length) console.log(`\n${formatProjectTimes(projectTimes(modules, this.ended))}`);
  }
}
