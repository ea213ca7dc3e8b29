import { isoSeconds } from './clock.js';
import { diffTrees } from './diff.js';
import type { GitCommit } from './git.js';
import type { FakeRepo, FakeUser } from './repo.js';
import { issue, repository, simpleUser, type Urls } from './representations.js';

export const ZERO_SHA = '0000000000000000000000000000000000000000';

/** The repository as webhook payloads carry it (push events use epoch seconds for two dates). */
function hookRepository(urls: Urls, repo: FakeRepo, forPush: boolean) {
  const base = repository(urls, repo);
  if (!forPush) return base;
  return {
    ...base,
    owner: { ...base.owner, name: repo.owner.name, email: repo.owner.email },
    created_at: Math.floor(repo.createdAt.getTime() / 1000),
    pushed_at: Math.floor(repo.pushedAt.getTime() / 1000),
    master_branch: repo.defaultBranch,
  };
}

function pushCommit(urls: Urls, repo: FakeRepo, c: GitCommit) {
  const parent = c.parents[0] ? repo.commits.get(c.parents[0])!.files : new Map<string, string>();
  const changes = diffTrees(repo, parent, c.files);
  // Push payloads have no renames: a rename is the new path added and the old one removed.
  const pathsWith = (...statuses: string[]) => changes.filter((f) => statuses.includes(f.status)).map((f) => f.filename);
  const person = { name: c.author.name, email: c.author.email, username: c.author.login };
  return {
    id: c.sha,
    tree_id: c.treeSha,
    distinct: true,
    message: c.message,
    timestamp: isoSeconds(c.date),
    url: `${urls.web}/${repo.fullName}/commit/${c.sha}`,
    author: person,
    committer: person,
    added: pathsWith('added', 'renamed'),
    removed: [...pathsWith('removed'), ...changes.filter((f) => f.status === 'renamed').map((f) => f.previousFilename!)],
    modified: pathsWith('modified'),
  };
}

/** A `push` event payload for moving `branch` from `before` to its current head. */
export function pushPayload(urls: Urls, repo: FakeRepo, sender: FakeUser, before: string, branch = repo.defaultBranch) {
  const head = repo.headCommit(branch);
  if (!head) throw new Error(`branch ${branch} of ${repo.fullName} has no commits`);
  const history = repo.history(head);
  const stop = history.findIndex((c) => c.sha === before);
  const pushed = (stop < 0 ? history : history.slice(0, stop)).reverse().map((c) => pushCommit(urls, repo, c));
  return {
    ref: `refs/heads/${branch}`,
    before,
    after: head.sha,
    repository: hookRepository(urls, repo, true),
    pusher: { name: sender.login, email: sender.email },
    sender: simpleUser(urls, sender),
    created: before === ZERO_SHA,
    deleted: false,
    forced: false,
    base_ref: null,
    compare: `${urls.web}/${repo.fullName}/compare/${before.slice(0, 12)}...${head.sha.slice(0, 12)}`,
    commits: pushed,
    head_commit: pushed[pushed.length - 1] ?? null,
  };
}

/** An `issues` event payload (`opened`, `edited`, `closed`, `reopened`, …) for issue `number`. */
export function issuesPayload(urls: Urls, repo: FakeRepo, sender: FakeUser, action: string, number: number) {
  return { action, issue: issue(urls, repo, repo.issue(number)), repository: hookRepository(urls, repo, false), sender: simpleUser(urls, sender) };
}
