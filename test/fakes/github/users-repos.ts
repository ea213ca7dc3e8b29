import { visibleRepo, type ApiRoute } from './context.js';
import { DOCS, notFound, requiresAuthentication, validationFailed } from './http.js';
import { paginate } from './pagination.js';
import type { FakeRepo } from './repo.js';
import { privateUser, repository } from './representations.js';

const SORT_KEYS: Record<string, (r: FakeRepo) => string | number> = {
  full_name: (r) => r.fullName.toLowerCase(),
  created: (r) => r.createdAt.getTime(),
  updated: (r) => r.updatedAt.getTime(),
  pushed: (r) => r.pushedAt.getTime(),
};

/** `GET /user`, `GET /user/repos`, `GET /repos/{owner}/{repo}`. */
export const userAndRepoRoutes: ApiRoute[] = [
  {
    method: 'GET',
    template: '/user',
    handle: (ctx) => {
      if (!ctx.caller) return requiresAuthentication(`${DOCS}/users/users#get-the-authenticated-user`);
      const user = ctx.caller.user;
      const repos = ctx.state.reposOf(user);
      const createdAt = new Date(Math.min(...repos.map((r) => r.createdAt.getTime()), Date.now()));
      return { status: 200, json: privateUser(ctx.urls, user, repos.filter((r) => !r.isPrivate).length, createdAt) };
    },
  },
  {
    method: 'GET',
    template: '/user/repos',
    handle: (ctx) => {
      if (!ctx.caller) return requiresAuthentication(`${DOCS}/repos/repos#list-repositories-for-the-authenticated-user`);
      const q = ctx.req.query;
      const visibility = q.get('visibility') ?? 'all';
      if (!['all', 'public', 'private'].includes(visibility)) return validationFailed('Validation Failed');
      const sort = q.get('sort') ?? 'full_name';
      const direction = q.get('direction') ?? (sort === 'full_name' ? 'asc' : 'desc');
      const key = SORT_KEYS[sort];
      if (!key) return validationFailed('Validation Failed');
      const repos = ctx.state
        .reposOf(ctx.caller.user)
        .filter((r) => visibility === 'all' || r.isPrivate === (visibility === 'private'))
        .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) * (direction === 'asc' ? 1 : -1));
      const page = paginate(ctx.req, ctx.urls.api, repos);
      return { status: 200, json: page.items.map((r) => repository(ctx.urls, r)), headers: page.headers };
    },
  },
  {
    method: 'GET',
    template: '/repos/{owner}/{repo}',
    handle: (ctx, p) => {
      const repo = visibleRepo(ctx, p.owner, p.repo);
      return repo ? { status: 200, json: repository(ctx.urls, repo) } : notFound(`${DOCS}/repos/repos#get-a-repository`);
    },
  },
];
