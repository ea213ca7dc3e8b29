import type { FakeRequest, Route } from './http.js';
import type { TokenRecord } from './oauth.js';
import type { FakeRepo } from './repo.js';
import type { Urls } from './representations.js';
import type { GitHubState } from './state.js';

/** What an API route handler gets besides its path parameters. */
export interface ApiContext {
  req: FakeRequest;
  /** The token's record; undefined for an anonymous request. */
  caller?: TokenRecord;
  state: GitHubState;
  urls: Urls;
}

export type ApiRoute = Route<ApiContext>;

/** The repository if the caller may see it; private ones are 404 to everybody else, as on GitHub. */
export function visibleRepo(ctx: ApiContext, owner: string, name: string): FakeRepo | undefined {
  const repo = ctx.state.repo(owner, name);
  if (!repo?.isPrivate) return repo;
  const user = ctx.caller?.user;
  if (!user) return undefined;
  return repo.owner.id === user.id || repo.collaborators.has(user.login.toLowerCase()) ? repo : undefined;
}
