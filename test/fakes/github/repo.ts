import type { FakeClock } from './clock.js';
import { blobSha, buildTrees, commitSha, type GitCommit, type TreeEntry } from './git.js';

export interface FakeUser {
  id: number;
  login: string;
  name: string;
  email: string;
}

export interface FakeIssue {
  id: number;
  number: number;
  title: string;
  body: string | null;
  state: 'open' | 'closed';
  stateReason: 'completed' | 'not_planned' | 'reopened' | null;
  labels: string[];
  user: FakeUser;
  /** Pull requests are issues too in the issues API; they carry a `pull_request` marker there. */
  pullRequest: boolean;
  comments: number;
  createdAt: Date;
  updatedAt: Date;
  closedAt: Date | null;
}

/**
 * What a commit changes: a path set to text or bytes is written, set to null is deleted, set to
 * `{ renamedFrom }` takes that file's content and removes the old path.
 */
export type FileChanges = Record<string, string | Buffer | null | { renamedFrom: string }>;

export interface CommitOptions {
  message?: string;
  branch?: string;
  author?: FakeUser;
}

let nextIssueId = 1_000_001;

/** One repository's git history, issues and metadata, all in memory. */
export class FakeRepo {
  readonly blobs = new Map<string, Buffer>();
  readonly trees = new Map<string, TreeEntry[]>();
  readonly commits = new Map<string, GitCommit>();
  readonly branches = new Map<string, string>();
  readonly issues: FakeIssue[] = [];
  /** Logins besides the owner who can see the repository and get it in `GET /user/repos`. */
  readonly collaborators = new Set<string>();
  readonly createdAt: Date;
  updatedAt: Date;
  pushedAt: Date;
  description: string | null = null;

  constructor(
    readonly id: number,
    readonly owner: FakeUser,
    readonly name: string,
    readonly isPrivate: boolean,
    readonly defaultBranch: string,
    private readonly clock: FakeClock,
  ) {
    this.createdAt = this.updatedAt = this.pushedAt = clock.now();
  }

  get fullName(): string {
    return `${this.owner.login}/${this.name}`;
  }

  /** Makes a commit on `branch` (default branch by default) and moves the branch to it. */
  commit(changes: FileChanges, options: CommitOptions = {}): GitCommit {
    const branch = options.branch ?? this.defaultBranch;
    const parentSha = this.branches.get(branch);
    const files = new Map(parentSha ? this.commits.get(parentSha)!.files : []);
    for (const [path, change] of Object.entries(changes)) {
      if (change === null) {
        if (!files.delete(path)) throw new Error(`no file ${path} in ${this.fullName}@${branch}`);
      } else if (typeof change === 'object' && !Buffer.isBuffer(change)) {
        const sha = files.get(change.renamedFrom);
        if (!sha) throw new Error(`no file ${change.renamedFrom} in ${this.fullName}@${branch}`);
        files.delete(change.renamedFrom);
        files.set(path, sha);
      } else {
        const content = Buffer.isBuffer(change) ? change : Buffer.from(change, 'utf8');
        const sha = blobSha(content);
        this.blobs.set(sha, content);
        files.set(path, sha);
      }
    }
    const { rootSha, trees } = buildTrees(files);
    for (const [sha, entries] of trees) this.trees.set(sha, entries);
    const author = options.author ?? this.owner;
    // Distinct commits need distinct times even when a test makes several in the same second.
    const last = parentSha ? this.commits.get(parentSha)!.date.getTime() : 0;
    const date = new Date(Math.max(Math.floor(this.clock.nowMs() / 1000) * 1000, last + 1000));
    const fields = {
      treeSha: rootSha,
      parents: parentSha ? [parentSha] : [],
      message: options.message ?? `Update ${Object.keys(changes).join(', ')}`,
      author,
      date,
    };
    const commit: GitCommit = { ...fields, sha: commitSha(fields), files };
    this.commits.set(commit.sha, commit);
    this.branches.set(branch, commit.sha);
    this.updatedAt = this.pushedAt = date;
    return commit;
  }

  writeFile(path: string, content: string | Buffer, options?: CommitOptions): GitCommit {
    return this.commit({ [path]: content }, { message: `Write ${path}`, ...options });
  }

  deleteFile(path: string, options?: CommitOptions): GitCommit {
    return this.commit({ [path]: null }, { message: `Delete ${path}`, ...options });
  }

  renameFile(from: string, to: string, options?: CommitOptions): GitCommit {
    return this.commit({ [to]: { renamedFrom: from } }, { message: `Rename ${from} to ${to}`, ...options });
  }

  /** A commit sha for a branch name, `refs/heads/…`, a full sha or an unambiguous prefix of 7+. */
  resolveCommit(ref: string | undefined): GitCommit | undefined {
    const name = (ref ?? this.defaultBranch).replace(/^refs\/heads\//, '');
    const branchSha = this.branches.get(name);
    if (branchSha) return this.commits.get(branchSha);
    if (this.commits.has(name)) return this.commits.get(name);
    if (/^[0-9a-f]{7,39}$/.test(name)) {
      const matches = [...this.commits.keys()].filter((sha) => sha.startsWith(name));
      if (matches.length === 1) return this.commits.get(matches[0]);
    }
    return undefined;
  }

  /** The first-parent history from `head`, newest first. */
  history(head: GitCommit): GitCommit[] {
    const list: GitCommit[] = [];
    for (let c: GitCommit | undefined = head; c; c = c.parents[0] ? this.commits.get(c.parents[0]) : undefined) list.push(c);
    return list;
  }

  headCommit(branch = this.defaultBranch): GitCommit | undefined {
    const sha = this.branches.get(branch);
    return sha ? this.commits.get(sha) : undefined;
  }

  addIssue(fields: { title: string; body?: string; labels?: string[]; user?: FakeUser; pullRequest?: boolean }): FakeIssue {
    const now = this.clock.now();
    const issue: FakeIssue = {
      id: nextIssueId++,
      number: this.issues.length + 1,
      title: fields.title,
      body: fields.body ?? null,
      state: 'open',
      stateReason: null,
      labels: fields.labels ?? [],
      user: fields.user ?? this.owner,
      pullRequest: fields.pullRequest ?? false,
      comments: 0,
      createdAt: now,
      updatedAt: now,
      closedAt: null,
    };
    this.issues.push(issue);
    return issue;
  }

  issue(number: number): FakeIssue {
    const issue = this.issues.find((i) => i.number === number);
    if (!issue) throw new Error(`no issue #${number} in ${this.fullName}`);
    return issue;
  }

  editIssue(number: number, fields: { title?: string; body?: string | null; labels?: string[] }): FakeIssue {
    const issue = Object.assign(this.issue(number), fields);
    issue.updatedAt = this.clock.now();
    return issue;
  }

  closeIssue(number: number, reason: 'completed' | 'not_planned' = 'completed'): FakeIssue {
    const issue = this.issue(number);
    issue.state = 'closed';
    issue.stateReason = reason;
    issue.closedAt = issue.updatedAt = this.clock.now();
    return issue;
  }

  reopenIssue(number: number): FakeIssue {
    const issue = this.issue(number);
    issue.state = 'open';
    issue.stateReason = 'reopened';
    issue.closedAt = null;
    issue.updatedAt = this.clock.now();
    return issue;
  }
}
