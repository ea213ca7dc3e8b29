import type { FileTree } from './git.js';
import type { FakeRepo } from './repo.js';
import type { Urls } from './representations.js';

export type FileStatus = 'added' | 'removed' | 'modified' | 'renamed';

export interface FileChange {
  filename: string;
  status: FileStatus;
  sha: string | null;
  previousFilename?: string;
  additions: number;
  deletions: number;
}

function lines(repo: FakeRepo, sha: string | undefined): string[] {
  const content = sha ? repo.blobs.get(sha) : undefined;
  return content
    ? content
        .toString('utf8')
        .split('\n')
        .filter((l, i, all) => l !== '' || i < all.length - 1)
    : [];
}

/** Lines in `a` not matched in `b` (a multiset difference: enough for change counts). */
function unmatched(a: string[], b: string[]): number {
  const pool = new Map<string, number>();
  for (const l of b) pool.set(l, (pool.get(l) ?? 0) + 1);
  let count = 0;
  for (const l of a) {
    const n = pool.get(l) ?? 0;
    if (n > 0) pool.set(l, n - 1);
    else count++;
  }
  return count;
}

/**
 * The file changes between two trees, sorted by name. A removed and an added path with the same
 * content are reported as one rename, as GitHub's compare does.
 */
export function diffTrees(repo: FakeRepo, before: FileTree, after: FileTree): FileChange[] {
  const changes: FileChange[] = [];
  const added = [...after].filter(([path]) => !before.has(path));
  const removed = [...before].filter(([path]) => !after.has(path));
  for (const [path, sha] of after) {
    const old = before.get(path);
    if (old !== undefined && old !== sha) {
      const [a, b] = [lines(repo, old), lines(repo, sha)];
      changes.push({ filename: path, status: 'modified', sha, additions: unmatched(b, a), deletions: unmatched(a, b) });
    }
  }
  for (const [path, sha] of added) {
    const renamedFrom = removed.findIndex(([, oldSha]) => oldSha === sha);
    if (renamedFrom >= 0) {
      const [[oldPath]] = removed.splice(renamedFrom, 1);
      changes.push({ filename: path, status: 'renamed', sha, previousFilename: oldPath, additions: 0, deletions: 0 });
    } else {
      changes.push({ filename: path, status: 'added', sha, additions: lines(repo, sha).length, deletions: 0 });
    }
  }
  for (const [path, sha] of removed) {
    changes.push({ filename: path, status: 'removed', sha, additions: 0, deletions: lines(repo, sha).length });
  }
  return changes.sort((x, y) => (x.filename < y.filename ? -1 : 1));
}

/** The `diff-entry` schema for one change at commit `ref`. */
export function diffEntry(urls: Urls, repo: FakeRepo, ref: string, change: FileChange) {
  const path = encodeURIComponent(change.filename).replace(/%2F/g, '/');
  return {
    sha: change.sha,
    filename: change.filename,
    status: change.status,
    additions: change.additions,
    deletions: change.deletions,
    changes: change.additions + change.deletions,
    blob_url: `${urls.web}/${repo.fullName}/blob/${ref}/${path}`,
    raw_url: `${urls.web}/${repo.fullName}/raw/${ref}/${path}`,
    contents_url: `${urls.api}/repos/${repo.fullName}/contents/${path}?ref=${ref}`,
    ...(change.previousFilename && { previous_filename: change.previousFilename }),
  };
}
