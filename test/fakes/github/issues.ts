import { visibleRepo, type ApiRoute } from './context.js';
import { DOCS, notFound, validationFailed } from './http.js';
import { paginate } from './pagination.js';
import type { FakeIssue } from './repo.js';
import { issue as issueJson } from './representations.js';

const LIST_DOCS = `${DOCS}/issues/issues#list-repository-issues`;

const SORT_KEYS: Record<string, (i: FakeIssue) => number> = {
  created: (i) => i.createdAt.getTime(),
  updated: (i) => i.updatedAt.getTime(),
  comments: (i) => i.comments,
};

/** Issues (pull requests included, marked with `pull_request`), filtered by state, since and labels. */
export const issueRoutes: ApiRoute[] = [
  {
    method: 'GET',
    template: '/repos/{owner}/{repo}/issues',
    handle: (ctx, p) => {
      const repo = visibleRepo(ctx, p.owner, p.repo);
      if (!repo) return notFound(LIST_DOCS);
      const q = ctx.req.query;
      const state = q.get('state') ?? 'open';
      const key = SORT_KEYS[q.get('sort') ?? 'created'];
      const since = q.get('since') ? Date.parse(q.get('since')!) : -Infinity;
      if (!['open', 'closed', 'all'].includes(state) || !key || Number.isNaN(since)) return validationFailed('Validation Failed', LIST_DOCS);
      const labels = (q.get('labels') ?? '').split(',').filter(Boolean);
      const direction = q.get('direction') === 'asc' ? 1 : -1;
      const issues = repo.issues
        .filter((i) => (state === 'all' || i.state === state) && i.updatedAt.getTime() >= since && labels.every((l) => i.labels.includes(l)))
        .sort((a, b) => (key(a) - key(b) || a.number - b.number) * direction);
      const page = paginate(ctx.req, ctx.urls.api, issues);
      return { status: 200, json: page.items.map((i) => issueJson(ctx.urls, repo, i)), headers: page.headers };
    },
  },
  {
    method: 'GET',
    template: '/repos/{owner}/{repo}/issues/{issue_number}',
    handle: (ctx, p) => {
      const repo = visibleRepo(ctx, p.owner, p.repo);
      const found = repo?.issues.find((i) => i.number === Number(p.issue_number));
      return repo && found ? { status: 200, json: issueJson(ctx.urls, repo, found) } : notFound(`${DOCS}/issues/issues#get-an-issue`);
    },
  },
];
