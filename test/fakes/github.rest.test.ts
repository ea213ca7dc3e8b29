import { Octokit } from '@octokit/rest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTENTS_INLINE_LIMIT, FakeGitHub, type FakeRepo } from './github/index.js';

let github: FakeGitHub;
let octokit: Octokit;
let repo: FakeRepo;
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

beforeAll(async () => {
  github = await FakeGitHub.start();
  octokit = new Octokit({ baseUrl: github.apiUrl, auth: github.token(), log: quiet });
  repo = github.createRepo('docs', {
    files: { 'README.md': '# Docs\n', 'guide/intro.md': 'Hello\nworld\n', 'src/app.ts': 'export const x = 1;\n' },
  });
  for (const name of ['alpha', 'beta', 'gamma', 'delta']) github.createRepo(name);
  const other = github.state.addUser('mona');
  github.createRepo('secret', { files: { 'a.md': 'a' } }, other);
});
afterAll(() => github.close());
beforeEach(() => github.resetRequests());

describe('fake GitHub REST', () => {
  it('answers GET /user for the token, and 401 Bad credentials for an unknown one', async () => {
    const { data, headers } = await octokit.rest.users.getAuthenticated();
    expect(data).toMatchObject({ login: 'octocat', id: github.user.id, type: 'User' });
    expect(headers['x-oauth-scopes']).toBe('repo');

    const bad = await new Octokit({ baseUrl: github.apiUrl, auth: 'ghp_nope', log: quiet }).rest.users.getAuthenticated().catch((e) => e);
    expect(bad.status).toBe(401);
    expect(bad.response.data).toMatchObject({ message: 'Bad credentials', documentation_url: expect.stringContaining('docs.github.com') });
  });

  it('paginates /user/repos with Link headers that octokit.paginate follows', async () => {
    const first = await octokit.rest.repos.listForAuthenticatedUser({ per_page: 2 });
    expect(first.data.map((r) => r.name)).toEqual(['alpha', 'beta']);
    expect(first.headers.link).toBe(`<${github.apiUrl}/user/repos?per_page=2&page=2>; rel="next", <${github.apiUrl}/user/repos?per_page=2&page=3>; rel="last"`);
    const all = await octokit.paginate(octokit.rest.repos.listForAuthenticatedUser, { per_page: 2 });
    expect(all.map((r) => r.full_name)).toEqual(['octocat/alpha', 'octocat/beta', 'octocat/delta', 'octocat/docs', 'octocat/gamma']);
    expect(github.count('GET /user/repos')).toBe(4);
  });

  it('hides other users’ private repositories behind a 404 with GitHub’s body', async () => {
    const error = await octokit.rest.repos.get({ owner: 'mona', repo: 'secret' }).catch((e) => e);
    expect(error.status).toBe(404);
    expect(error.response.data).toEqual({ message: 'Not Found', documentation_url: expect.any(String), status: '404' });
  });

  it('lists a recursive tree and serves contents as base64 JSON and as raw', async () => {
    const { data: tree } = await octokit.rest.git.getTree({ owner: 'octocat', repo: 'docs', tree_sha: 'main', recursive: '1' });
    expect(tree.tree.map((e) => [e.path, e.type])).toEqual([
      ['README.md', 'blob'],
      ['guide', 'tree'],
      ['guide/intro.md', 'blob'],
      ['src', 'tree'],
      ['src/app.ts', 'blob'],
    ]);
    const intro = tree.tree.find((e) => e.path === 'guide/intro.md')!;
    expect(intro.size).toBe(12);

    const { data: file } = await octokit.rest.repos.getContent({ owner: 'octocat', repo: 'docs', path: 'guide/intro.md' });
    if (Array.isArray(file) || file.type !== 'file') throw new Error('expected a file');
    expect(file).toMatchObject({ sha: intro.sha, size: 12, encoding: 'base64', path: 'guide/intro.md' });
    expect(Buffer.from(file.content, 'base64').toString()).toBe('Hello\nworld\n');

    const raw = await octokit.rest.repos.getContent({ owner: 'octocat', repo: 'docs', path: 'guide/intro.md', mediaType: { format: 'raw' } });
    expect(raw.data).toBe('Hello\nworld\n');

    const { data: dir } = await octokit.rest.repos.getContent({ owner: 'octocat', repo: 'docs', path: '' });
    expect(Array.isArray(dir) && dir.map((e) => `${e.type}:${e.path}`)).toEqual(['file:README.md', 'dir:guide', 'dir:src']);
  });

  it('leaves out the content of files over 1 MiB, as GitHub does', async () => {
    const big = github.createRepo('big', { files: { 'blob.txt': 'x'.repeat(CONTENTS_INLINE_LIMIT + 1) } });
    const { data } = await octokit.rest.repos.getContent({ owner: 'octocat', repo: big.name, path: 'blob.txt' });
    expect(data).toMatchObject({ encoding: 'none', content: '', size: CONTENTS_INLINE_LIMIT + 1 });
  });

  it('lists commits by sha, since and per_page, and compares with added/modified/removed/renamed files', async () => {
    const base = repo.headCommit()!;
    repo.commit({ 'guide/intro.md': 'Hello\nthere\n', 'guide/new.md': 'new\n' }, { message: 'Edit intro, add new' });
    repo.deleteFile('src/app.ts');
    const head = repo.renameFile('README.md', 'docs/README.md');

    const commits = await octokit.paginate(octokit.rest.repos.listCommits, { owner: 'octocat', repo: 'docs', per_page: 2 });
    expect(commits.map((c) => c.commit.message)).toEqual(['Rename README.md to docs/README.md', 'Delete src/app.ts', 'Edit intro, add new', 'Initial commit']);
    const since = await octokit.rest.repos.listCommits({ owner: 'octocat', repo: 'docs', since: head.date.toISOString() });
    expect(since.data.map((c) => c.sha)).toEqual([head.sha]);
    const fromBase = await octokit.rest.repos.listCommits({ owner: 'octocat', repo: 'docs', sha: base.sha });
    expect(fromBase.data.map((c) => c.sha)).toEqual([base.sha]);

    const { data: comparison } = await octokit.rest.repos.compareCommitsWithBasehead({ owner: 'octocat', repo: 'docs', basehead: `${base.sha}...main` });
    expect(comparison).toMatchObject({ status: 'ahead', ahead_by: 3, behind_by: 0, total_commits: 3 });
    expect(comparison.files!.map((f) => [f.filename, f.status, f.previous_filename])).toEqual([
      ['docs/README.md', 'renamed', 'README.md'],
      ['guide/intro.md', 'modified', undefined],
      ['guide/new.md', 'added', undefined],
      ['src/app.ts', 'removed', undefined],
    ]);
    expect(comparison.files!.find((f) => f.filename === 'guide/intro.md')).toMatchObject({ additions: 1, deletions: 1, changes: 2 });
  });

  it('lists issues by state and since, with pull requests marked, paginated', async () => {
    const issues = github.createRepo('tracker');
    issues.addIssue({ title: 'First', body: 'one' });
    issues.addIssue({ title: 'A pull request', pullRequest: true });
    issues.addIssue({ title: 'Third', labels: ['bug'] });
    github.clock.advance(10);
    const mark = github.clock.now();
    issues.closeIssue(1);

    const open = await octokit.paginate(octokit.rest.issues.listForRepo, { owner: 'octocat', repo: 'tracker', per_page: 1 });
    expect(open.map((i) => [i.number, !!i.pull_request])).toEqual([
      [3, false],
      [2, true],
    ]);
    const changed = await octokit.rest.issues.listForRepo({ owner: 'octocat', repo: 'tracker', state: 'all', since: mark.toISOString() });
    expect(changed.data.map((i) => [i.number, i.state, i.state_reason])).toEqual([[1, 'closed', 'completed']]);
    const bugs = await octokit.rest.issues.listForRepo({ owner: 'octocat', repo: 'tracker', labels: 'bug' });
    expect(bugs.data.map((i) => i.title)).toEqual(['Third']);
  });

  it('answers 304 to If-None-Match without spending the rate limit', async () => {
    const first = await octokit.rest.repos.get({ owner: 'octocat', repo: 'docs' });
    expect(first.headers.etag).toMatch(/^W\/"[0-9a-f]{64}"$/);
    const remaining = Number(first.headers['x-ratelimit-remaining']);

    const again = await octokit.rest.repos.get({ owner: 'octocat', repo: 'docs', headers: { 'if-none-match': first.headers.etag } }).catch((e) => e);
    expect(again.status).toBe(304);
    expect(Number(again.response.headers['x-ratelimit-remaining'])).toBe(remaining);

    repo.writeFile('changed.md', 'now different');
    const changed = await octokit.rest.repos.get({ owner: 'octocat', repo: 'docs', headers: { 'if-none-match': first.headers.etag } });
    expect(changed.status).toBe(200);
    expect(Number(changed.headers['x-ratelimit-remaining'])).toBe(remaining - 1);
    expect(github.count('GET /repos/{owner}/{repo}', 304)).toBe(1);
    expect(github.countsByRoute()).toEqual({ 'GET /repos/{owner}/{repo} 200': 2, 'GET /repos/{owner}/{repo} 304': 1 });
  });

  it('sends the rate-limit headers on every API response', async () => {
    const { headers } = await octokit.rest.users.getAuthenticated();
    expect(headers).toMatchObject({ 'x-ratelimit-limit': '5000', 'x-ratelimit-resource': 'core' });
    expect(Number(headers['x-ratelimit-used']) + Number(headers['x-ratelimit-remaining'])).toBe(5000);
    expect(Number(headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
  });
});
