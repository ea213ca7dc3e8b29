import { isHttpFailure, isRefused, type GitHubClient } from './client.js';

/** The REST calls the sync makes, each answering in the sync's own terms. */

export interface Repo {
  owner: string;
  name: string;
  /** `owner/name`. */
  fullName: string;
}

export function repoOf(fullName: string): Repo {
  const [owner, name] = fullName.split('/') as [string, string];
  return { owner, name, fullName };
}

/** A path within a repository, each segment escaped. */
export function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

export type HeadAnswer = { sha: string; etag: string | null } | 'unchanged' | 'empty' | 'missing';

/** The default branch's head commit; `etag` from last time makes an unchanged head a free 304. */
export async function headCommit(gh: GitHubClient, repo: Repo, etag: string | null): Promise<HeadAnswer> {
  try {
    const response = await gh.request('GET /repos/{owner}/{repo}/commits', {
      owner: repo.owner,
      repo: repo.name,
      per_page: 1,
      headers: etag ? { 'if-none-match': etag } : {},
    });
    const head = response.data[0];
    return head ? { sha: head.sha, etag: response.headers.etag ?? null } : 'empty';
  } catch (err) {
    if (isHttpFailure(err, 304)) return 'unchanged';
    if (isHttpFailure(err, 409)) return 'empty';
    if (isRefused(err)) return 'missing';
    throw err;
  }
}

export interface TreeFile {
  path: string;
  sha: string;
  size: number;
}

/** Every file of a commit's tree; a tree too large for one recursive answer is walked level by level. */
export async function listFiles(gh: GitHubClient, repo: Repo, treeish: string): Promise<TreeFile[] | null> {
  const tree = async (sha: string, recursive: boolean) => {
    const { data } = await gh.request('GET /repos/{owner}/{repo}/git/trees/{tree_sha}', {
      owner: repo.owner,
      repo: repo.name,
      tree_sha: sha,
      ...(recursive && { recursive: '1' }),
    });
    return data;
  };
  let root;
  try {
    root = await tree(treeish, true);
  } catch (err) {
    if (isHttpFailure(err, 404, 409, 422)) return null;
    throw err;
  }
  const blobs = (entries: typeof root.tree, prefix: string) =>
    entries.filter((e) => e.type === 'blob' && e.path && e.sha).map((e) => ({ path: prefix + e.path!, sha: e.sha!, size: e.size ?? 0 }));
  if (!root.truncated) return blobs(root.tree, '');

  const files: TreeFile[] = [];
  const pending: { sha: string; prefix: string }[] = [{ sha: root.sha, prefix: '' }];
  while (pending.length > 0) {
    const { sha, prefix } = pending.shift()!;
    const level = await tree(sha, false);
    files.push(...blobs(level.tree, prefix));
    for (const e of level.tree) if (e.type === 'tree' && e.sha && e.path) pending.push({ sha: e.sha, prefix: `${prefix}${e.path}/` });
  }
  return files;
}

export interface ChangedFile {
  path: string;
  status: 'added' | 'modified' | 'removed' | 'renamed';
  previousPath: string | null;
}

/** GitHub lists at most this many files in a comparison; more means the list is cut short. */
const COMPARE_FILE_LIMIT = 300;

/** The files changed from `base` to `head`, or null when the comparison cannot be trusted (force-push, too many files). */
export async function compareCommits(gh: GitHubClient, repo: Repo, base: string, head: string): Promise<ChangedFile[] | null> {
  let data;
  try {
    ({ data } = await gh.request('GET /repos/{owner}/{repo}/compare/{basehead}', { owner: repo.owner, repo: repo.name, basehead: `${base}...${head}` }));
  } catch (err) {
    if (isHttpFailure(err, 404)) return null;
    throw err;
  }
  const files = data.files ?? [];
  if (data.status !== 'ahead' || files.length >= COMPARE_FILE_LIMIT) return null;
  return files.map((f) => ({
    path: f.filename,
    status: f.status === 'added' || f.status === 'copied' ? 'added' : f.status === 'removed' || f.status === 'renamed' ? f.status : 'modified',
    previousPath: f.previous_filename ?? null,
  }));
}

export type FileContent = { bytes: Uint8Array; sha: string } | 'too-large' | 'missing';

/** One file at `ref`; its size is known before a large body is downloaded. */
export async function readFile(gh: GitHubClient, repo: Repo, path: string, ref: string, maxBytes: number): Promise<FileContent> {
  let data: { type?: string; size?: number; sha?: string; content?: string; encoding?: string };
  try {
    ({ data } = await gh.request(`GET /repos/{owner}/{repo}/contents/${encodePath(path)}`, { owner: repo.owner, repo: repo.name, ref }));
  } catch (err) {
    if (isHttpFailure(err, 404)) return 'missing';
    throw err;
  }
  if (data.type !== 'file' || !data.sha) return 'missing';
  if ((data.size ?? 0) > maxBytes) return 'too-large';
  if (data.encoding === 'base64') return { bytes: Buffer.from(data.content ?? '', 'base64'), sha: data.sha };
  // Over the contents API's inline limit: the blob itself, raw.
  const raw = await gh.request('GET /repos/{owner}/{repo}/git/blobs/{file_sha}', {
    owner: repo.owner,
    repo: repo.name,
    file_sha: data.sha,
    headers: { accept: 'application/vnd.github.raw' },
  });
  return { bytes: toBytes(raw.data), sha: data.sha };
}

function toBytes(data: unknown): Uint8Array {
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return Buffer.from(String(data), 'utf8');
}

export interface Issue {
  number: number;
  title: string;
  body?: string | null;
  state: string;
  html_url: string;
  updated_at: string;
  labels: (string | { name?: string })[];
  pull_request?: unknown;
  user?: { login: string } | null;
}

/**
 * Issues (pull requests included) updated at or after `since`, oldest change first, a page at a
 * time. `etag` (of the first page of this same query) turns an unchanged list into one 304.
 */
export async function* issuePages(
  gh: GitHubClient,
  repo: Repo,
  since: string | null,
  etag: string | null,
): AsyncGenerator<{ issues: Issue[]; etag: string | null }> {
  const params = { owner: repo.owner, repo: repo.name, state: 'all', sort: 'updated', direction: 'asc', per_page: 100, ...(since && { since }) } as const;
  let response: { data: unknown; headers: { etag?: string; link?: string } };
  try {
    response = await gh.request('GET /repos/{owner}/{repo}/issues', { ...params, headers: etag ? { 'if-none-match': etag } : {} });
  } catch (err) {
    // Unchanged; or the repository went away since its head was read.
    if (isHttpFailure(err, 304, 404)) return;
    throw err;
  }
  const firstEtag = response.headers.etag ?? null;
  for (;;) {
    yield { issues: response.data as Issue[], etag: firstEtag };
    const next: string | undefined = /<([^>]+)>;\s*rel="next"/.exec(response.headers.link ?? '')?.[1];
    if (!next) return;
    response = await gh.request({ method: 'GET', url: next });
  }
}
