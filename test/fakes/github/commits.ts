import { visibleRepo, type ApiContext, type ApiRoute } from './context.js';
import { diffEntry, diffTrees } from './diff.js';
import type { GitCommit } from './git.js';
import { DOCS, notFound, type FakeReply } from './http.js';
import { paginate } from './pagination.js';
import type { FakeRepo } from './repo.js';
import { commit as commitJson } from './representations.js';

function commitWithUser(ctx: ApiContext, repo: FakeRepo, c: GitCommit) {
  return commitJson(ctx.urls, repo, c, ctx.state.user(c.author.login));
}

function emptyRepository(): FakeReply {
  return { status: 409, json: { message: 'Git Repository is empty.', documentation_url: `${DOCS}/commits/commits#list-commits`, status: '409' } };
}

/** The first commit both histories share (histories are first-parent chains). */
function mergeBase(repo: FakeRepo, base: GitCommit, head: GitCommit): GitCommit | undefined {
  const inBase = new Set(repo.history(base).map((c) => c.sha));
  return repo.history(head).find((c) => inBase.has(c.sha));
}

function compare(ctx: ApiContext, repo: FakeRepo, base: GitCommit, head: GitCommit): FakeReply {
  const mb = mergeBase(repo, base, head);
  if (!mb) return notFound(`${DOCS}/commits/commits#compare-two-commits`);
  const aheadCommits = repo
    .history(head)
    .slice(
      0,
      repo.history(head).findIndex((c) => c.sha === mb.sha),
    )
    .reverse();
  const behindBy = repo.history(base).findIndex((c) => c.sha === mb.sha);
  const status = aheadCommits.length && behindBy ? 'diverged' : aheadCommits.length ? 'ahead' : behindBy ? 'behind' : 'identical';
  const path = `${repo.fullName}/compare/${base.sha}...${head.sha}`;
  return {
    status: 200,
    json: {
      url: `${ctx.urls.api}/repos/${path}`,
      html_url: `${ctx.urls.web}/${path}`,
      permalink_url: `${ctx.urls.web}/${path}`,
      diff_url: `${ctx.urls.web}/${path}.diff`,
      patch_url: `${ctx.urls.web}/${path}.patch`,
      base_commit: commitWithUser(ctx, repo, base),
      merge_base_commit: commitWithUser(ctx, repo, mb),
      status,
      ahead_by: aheadCommits.length,
      behind_by: behindBy,
      total_commits: aheadCommits.length,
      commits: aheadCommits.map((c) => commitWithUser(ctx, repo, c)),
      files: diffTrees(repo, mb.files, head.files).map((f) => diffEntry(ctx.urls, repo, head.sha, f)),
    },
  };
}

/** Commits: list (sha, path, since, until, pagination), one commit with its files, compare. */
export const commitRoutes: ApiRoute[] = [
  {
    method: 'GET',
    template: '/repos/{owner}/{repo}/commits',
    handle: (ctx, p) => {
      const repo = visibleRepo(ctx, p.owner, p.repo);
      if (!repo) return notFound(`${DOCS}/commits/commits#list-commits`);
      if (repo.commits.size === 0) return emptyRepository();
      const q = ctx.req.query;
      const head = repo.resolveCommit(q.get('sha') ?? undefined);
      if (!head) return notFound(`${DOCS}/commits/commits#list-commits`);
      const since = q.get('since') ? Date.parse(q.get('since')!) : -Infinity;
      const until = q.get('until') ? Date.parse(q.get('until')!) : Infinity;
      const path = q.get('path');
      const touches = (c: GitCommit) => {
        const parent = c.parents[0] ? repo.commits.get(c.parents[0])!.files : new Map<string, string>();
        return [...new Set([...c.files.keys(), ...parent.keys()])].some((f) => (f === path || f.startsWith(`${path}/`)) && c.files.get(f) !== parent.get(f));
      };
      const commits = repo.history(head).filter((c) => c.date.getTime() >= since && c.date.getTime() <= until && (!path || touches(c)));
      const page = paginate(ctx.req, ctx.urls.api, commits);
      return { status: 200, json: page.items.map((c) => commitWithUser(ctx, repo, c)), headers: page.headers };
    },
  },
  {
    method: 'GET',
    template: '/repos/{owner}/{repo}/commits/{ref}',
    handle: (ctx, p) => {
      const repo = visibleRepo(ctx, p.owner, p.repo);
      const c = repo?.resolveCommit(p.ref);
      if (!repo || !c) return notFound(`${DOCS}/commits/commits#get-a-commit`);
      const parent = c.parents[0] ? repo.commits.get(c.parents[0])!.files : new Map<string, string>();
      const files = diffTrees(repo, parent, c.files);
      const additions = files.reduce((n, f) => n + f.additions, 0);
      const deletions = files.reduce((n, f) => n + f.deletions, 0);
      return {
        status: 200,
        json: {
          ...commitWithUser(ctx, repo, c),
          stats: { additions, deletions, total: additions + deletions },
          files: files.map((f) => diffEntry(ctx.urls, repo, c.sha, f)),
        },
      };
    },
  },
  {
    method: 'GET',
    template: '/repos/{owner}/{repo}/compare/{+basehead}',
    handle: (ctx, p) => {
      const repo = visibleRepo(ctx, p.owner, p.repo);
      const [baseRef, headRef] = p.basehead.split('...');
      const base = repo?.resolveCommit(baseRef);
      const head = headRef ? repo?.resolveCommit(headRef) : undefined;
      if (!repo || !base || !head) return notFound(`${DOCS}/commits/commits#compare-two-commits`);
      return compare(ctx, repo, base, head);
    },
  },
];
