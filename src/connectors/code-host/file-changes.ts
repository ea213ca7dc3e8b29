import type { GitHubClient } from './client.js';
import { isSelectedPath, type CodeHostConfig } from './config.js';
import { compareCommits, listFiles, type Repo, type TreeFile } from './github-api.js';

/** One step of a file pass, in path order: paths to delete, then maybe the path to (re)import. */
export interface FileChange {
  path: string;
  deletes: string[];
  /** Import `path`; `mayExist` when an earlier version may have been imported (so a too-large one is deleted). */
  upsert: { mayExist: boolean } | null;
}

const byPath = (a: FileChange, b: FileChange) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

function fits(file: TreeFile, config: CodeHostConfig): boolean {
  return isSelectedPath(file.path, config) && file.size <= config.maxFileBytes;
}

/**
 * What a pass from `base` to `target` must do. The first pass lists the tree; later ones ask for
 * the comparison, and fall back to comparing both trees when GitHub's comparison is incomplete
 * (a force-push, or more files than it lists).
 */
export async function fileChanges(gh: GitHubClient, repo: Repo, config: CodeHostConfig, base: string | null, target: string): Promise<FileChange[]> {
  if (base === null) {
    const files = (await listFiles(gh, repo, target)) ?? [];
    return files
      .filter((f) => fits(f, config))
      .map((f) => ({ path: f.path, deletes: [], upsert: { mayExist: false } }))
      .sort(byPath);
  }
  const compared = await compareCommits(gh, repo, base, target);
  if (compared === null) return treeDiff(gh, repo, config, base, target);
  const selected = (path: string | null) => path !== null && isSelectedPath(path, config);
  const changes: FileChange[] = [];
  for (const f of compared) {
    const deletes = f.status === 'removed' && selected(f.path) ? [f.path] : f.status === 'renamed' && selected(f.previousPath) ? [f.previousPath!] : [];
    const upsert = f.status !== 'removed' && selected(f.path) ? { mayExist: f.status === 'modified' } : null;
    if (deletes.length > 0 || upsert) changes.push({ path: f.path, deletes, upsert });
  }
  return changes.sort(byPath);
}

async function treeDiff(gh: GitHubClient, repo: Repo, config: CodeHostConfig, base: string, target: string): Promise<FileChange[]> {
  // A base that no longer exists lists as empty: every file is offered again, and none deleted.
  const before = new Map(((await listFiles(gh, repo, base)) ?? []).filter((f) => fits(f, config)).map((f) => [f.path, f.sha]));
  const after = (await listFiles(gh, repo, target)) ?? [];
  const changes: FileChange[] = [];
  const seen = new Set<string>();
  for (const file of after) {
    seen.add(file.path);
    const old = before.get(file.path);
    if (fits(file, config)) {
      if (old !== file.sha) changes.push({ path: file.path, deletes: [], upsert: { mayExist: old !== undefined } });
    } else if (old !== undefined) {
      changes.push({ path: file.path, deletes: [file.path], upsert: null });
    }
  }
  for (const path of before.keys()) if (!seen.has(path)) changes.push({ path, deletes: [path], upsert: null });
  return changes.sort(byPath);
}
