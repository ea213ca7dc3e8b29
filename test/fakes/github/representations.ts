import { isoSeconds } from './clock.js';
import type { GitCommit } from './git.js';
import type { FakeIssue, FakeRepo, FakeUser } from './repo.js';

/** Where the fake lives: `web` is the site (OAuth pages, html_url), `api` the REST base. */
export interface Urls {
  web: string;
  api: string;
}

/** The `simple-user` schema. */
export function simpleUser(urls: Urls, user: FakeUser) {
  const api = `${urls.api}/users/${user.login}`;
  return {
    login: user.login,
    id: user.id,
    node_id: Buffer.from(`04:User${user.id}`).toString('base64'),
    avatar_url: `${urls.web}/avatars/u/${user.id}`,
    gravatar_id: '',
    url: api,
    html_url: `${urls.web}/${user.login}`,
    followers_url: `${api}/followers`,
    following_url: `${api}/following{/other_user}`,
    gists_url: `${api}/gists{/gist_id}`,
    starred_url: `${api}/starred{/owner}{/repo}`,
    subscriptions_url: `${api}/subscriptions`,
    organizations_url: `${api}/orgs`,
    repos_url: `${api}/repos`,
    events_url: `${api}/events{/privacy}`,
    received_events_url: `${api}/received_events`,
    type: 'User',
    user_view_type: 'public',
    site_admin: false,
  };
}

/** The `private-user` schema (GET /user), trimmed to the fields a client reads. */
export function privateUser(urls: Urls, user: FakeUser, publicRepos: number, createdAt: Date) {
  return {
    ...simpleUser(urls, user),
    name: user.name,
    email: user.email,
    company: null,
    blog: '',
    location: null,
    hireable: null,
    bio: null,
    twitter_username: null,
    public_repos: publicRepos,
    public_gists: 0,
    followers: 0,
    following: 0,
    created_at: isoSeconds(createdAt),
    updated_at: isoSeconds(createdAt),
    private_gists: 0,
    total_private_repos: 0,
    owned_private_repos: 0,
    two_factor_authentication: false,
  };
}

/** The `repository` / `full-repository` schemas, trimmed to what clients rely on. */
export function repository(urls: Urls, repo: FakeRepo) {
  const api = `${urls.api}/repos/${repo.fullName}`;
  return {
    id: repo.id,
    node_id: Buffer.from(`010:Repository${repo.id}`).toString('base64'),
    name: repo.name,
    full_name: repo.fullName,
    owner: simpleUser(urls, repo.owner),
    private: repo.isPrivate,
    visibility: repo.isPrivate ? 'private' : 'public',
    html_url: `${urls.web}/${repo.fullName}`,
    description: repo.description,
    fork: false,
    url: api,
    contents_url: `${api}/contents/{+path}`,
    commits_url: `${api}/commits{/sha}`,
    compare_url: `${api}/compare/{base}...{head}`,
    git_commits_url: `${api}/git/commits{/sha}`,
    trees_url: `${api}/git/trees{/sha}`,
    issues_url: `${api}/issues{/number}`,
    hooks_url: `${api}/hooks`,
    clone_url: `${urls.web}/${repo.fullName}.git`,
    default_branch: repo.defaultBranch,
    archived: false,
    disabled: false,
    has_issues: true,
    size: [...repo.blobs.values()].reduce((sum, b) => sum + b.length, 0) >> 10,
    open_issues_count: repo.issues.filter((i) => i.state === 'open').length,
    created_at: isoSeconds(repo.createdAt),
    updated_at: isoSeconds(repo.updatedAt),
    pushed_at: isoSeconds(repo.pushedAt),
    permissions: { admin: true, maintain: true, push: true, triage: true, pull: true },
  };
}

function gitUser(commit: GitCommit) {
  return { name: commit.author.name, email: commit.author.email, date: isoSeconds(commit.date) };
}

/** The `commit` schema (list commits, compare). */
export function commit(urls: Urls, repo: FakeRepo, c: GitCommit, author: FakeUser | undefined) {
  const api = `${urls.api}/repos/${repo.fullName}`;
  const user = author ? simpleUser(urls, author) : null;
  return {
    url: `${api}/commits/${c.sha}`,
    sha: c.sha,
    node_id: Buffer.from(`06:Commit${c.sha}`).toString('base64'),
    html_url: `${urls.web}/${repo.fullName}/commit/${c.sha}`,
    comments_url: `${api}/commits/${c.sha}/comments`,
    commit: {
      url: `${api}/git/commits/${c.sha}`,
      author: gitUser(c),
      committer: gitUser(c),
      message: c.message,
      comment_count: 0,
      tree: { sha: c.treeSha, url: `${api}/git/trees/${c.treeSha}` },
      verification: { verified: false, reason: 'unsigned', signature: null, payload: null, verified_at: null },
    },
    author: user,
    committer: user,
    parents: c.parents.map((p) => ({ sha: p, url: `${api}/commits/${p}`, html_url: `${urls.web}/${repo.fullName}/commit/${p}` })),
  };
}

/** The `issue` schema. */
export function issue(urls: Urls, repo: FakeRepo, i: FakeIssue) {
  const api = `${urls.api}/repos/${repo.fullName}`;
  const kind = i.pullRequest ? 'pull' : 'issues';
  return {
    id: i.id,
    node_id: Buffer.from(`05:Issue${i.id}`).toString('base64'),
    url: `${api}/issues/${i.number}`,
    repository_url: api,
    labels_url: `${api}/issues/${i.number}/labels{/name}`,
    comments_url: `${api}/issues/${i.number}/comments`,
    events_url: `${api}/issues/${i.number}/events`,
    html_url: `${urls.web}/${repo.fullName}/${kind}/${i.number}`,
    number: i.number,
    state: i.state,
    state_reason: i.stateReason,
    title: i.title,
    body: i.body,
    user: simpleUser(urls, i.user),
    labels: i.labels.map((name, n) => ({
      id: n + 1,
      node_id: '',
      url: `${api}/labels/${encodeURIComponent(name)}`,
      name,
      description: null,
      color: 'ededed',
      default: false,
    })),
    assignee: null,
    assignees: [],
    milestone: null,
    locked: false,
    active_lock_reason: null,
    comments: i.comments,
    ...(i.pullRequest && {
      pull_request: {
        url: `${api}/pulls/${i.number}`,
        html_url: `${urls.web}/${repo.fullName}/pull/${i.number}`,
        diff_url: `${urls.web}/${repo.fullName}/pull/${i.number}.diff`,
        patch_url: `${urls.web}/${repo.fullName}/pull/${i.number}.patch`,
        merged_at: null,
      },
    }),
    closed_at: i.closedAt ? isoSeconds(i.closedAt) : null,
    created_at: isoSeconds(i.createdAt),
    updated_at: isoSeconds(i.updatedAt),
    closed_by: null,
    author_association: 'OWNER',
    timeline_url: `${api}/issues/${i.number}/timeline`,
  };
}
