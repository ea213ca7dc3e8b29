import { ConnectorConfigError, type SyncRequest } from '../types.js';
import { isHttpFailure, isRefused, type GitHubClient } from './client.js';
import { isRepositoryName, MAX_REPOSITORIES, parseCodeHostConfig } from './config.js';
import { repoOf, type Repo } from './github-api.js';

/** One selectable repository, in GitHub's own field names so a client can send it back unchanged. */
export interface RepositoryResource {
  id: number;
  full_name: string;
  name: string;
  owner: string;
  private: boolean;
  default_branch: string | null;
  html_url: string;
  description: string | null;
}

const lastPage = (link: string | undefined) => Number(/[?&]page=(\d+)[^>]*>;\s*rel="last"/.exec(link ?? '')?.[1] ?? 0);

/** The repositories the user can read, a page at a time, with their exact count. */
export async function listRepositories(gh: GitHubClient, page: number, perPage: number): Promise<{ resources: RepositoryResource[]; totalCount: number }> {
  const per_page = Math.min(Math.max(Math.floor(perPage), 1), 100);
  const params = { per_page, sort: 'full_name', direction: 'asc' } as const;
  const current = await gh.request('GET /user/repos', { ...params, page: Math.max(Math.floor(page), 1) });
  const resources = current.data.map((r) => ({
    id: Number(r.id),
    full_name: r.full_name,
    name: r.name,
    owner: r.owner.login,
    private: r.private,
    default_branch: r.default_branch ?? null,
    html_url: r.html_url,
    description: r.description ?? null,
  }));
  const last = lastPage(current.headers.link);
  if (last <= page) return { resources, totalCount: (Math.max(page, 1) - 1) * per_page + resources.length };
  // GitHub gives no count: it is the pages before the last one, full, plus the last one.
  const tail = await gh.request('GET /user/repos', { ...params, page: last });
  return { resources, totalCount: (last - 1) * per_page + tail.data.length };
}

/** `owner/name` from a resource as listRepositories gives it, or as a bare string. */
function repositoryName(resource: unknown): string | null {
  const candidate =
    typeof resource === 'string'
      ? resource
      : ((resource as { full_name?: unknown; fullName?: unknown } | null)?.full_name ?? (resource as { fullName?: unknown } | null)?.fullName);
  return typeof candidate === 'string' && isRepositoryName(candidate) ? candidate : null;
}

export function chosenRepositories(resources: unknown[]): string[] {
  if (resources.length > MAX_REPOSITORIES) throw new ConnectorConfigError('resources', `at most ${MAX_REPOSITORIES} repositories can be chosen`);
  const names = resources.map((r, i) => {
    const name = repositoryName(r);
    if (!name) throw new ConnectorConfigError(`resources[${i}]`, 'must name a repository by full_name (owner/name)');
    return name;
  });
  return [...new Set(names)];
}

export interface Webhook {
  url: string;
  secret: string;
}

/** Our hook on one repository, replacing an earlier one with the same URL; false where we may not add hooks. */
async function registerHook(gh: GitHubClient, repo: Repo, webhook: Webhook): Promise<boolean> {
  try {
    await removeHook(gh, repo, webhook.url);
    await gh.request('POST /repos/{owner}/{repo}/hooks', {
      owner: repo.owner,
      repo: repo.name,
      name: 'web',
      active: true,
      events: ['push', 'issues'],
      config: { url: webhook.url, secret: webhook.secret, content_type: 'json', insecure_ssl: '0' },
    });
    return true;
  } catch (err) {
    // Without admin rights GitHub answers 404 (or 403); an unreachable URL is refused with 422.
    if (isRefused(err) || isHttpFailure(err, 422)) return false;
    throw err;
  }
}

/** Takes every hook delivering to `url` (or whose URL `url` accepts) off the repository. */
export async function removeHook(gh: GitHubClient, repo: Repo, url: string | ((hookUrl: string) => boolean)): Promise<void> {
  const ours = typeof url === 'string' ? (hookUrl: string) => hookUrl === url : url;
  const hooks = await gh.paginate('GET /repos/{owner}/{repo}/hooks', { owner: repo.owner, repo: repo.name, per_page: 100 });
  for (const hook of hooks) {
    if (typeof hook.config.url === 'string' && ours(hook.config.url))
      await gh.request('DELETE /repos/{owner}/{repo}/hooks/{hook_id}', { owner: repo.owner, repo: repo.name, hook_id: hook.id });
  }
}

/**
 * Checks that every chosen repository can be read, registers our push and issues hook on each,
 * and takes it off the repositories no longer chosen.
 */
export async function configureRepositories(
  gh: GitHubClient,
  request: SyncRequest,
  resources: unknown[],
  webhook: Webhook,
): Promise<{ config: Record<string, unknown>; webhooksRegistered: number }> {
  const chosen = chosenRepositories(resources);
  const previous = parseCodeHostConfig(request.config).repositories;
  for (const [i, name] of chosen.entries()) {
    const repo = repoOf(name);
    try {
      await gh.request('GET /repos/{owner}/{repo}', { owner: repo.owner, repo: repo.name });
    } catch (err) {
      if (isRefused(err)) throw new ConnectorConfigError(`resources[${i}]`, 'no such repository, or it cannot be read with this connection');
      throw err;
    }
  }
  let webhooksRegistered = 0;
  for (const name of chosen) if (await registerHook(gh, repoOf(name), webhook)) webhooksRegistered++;
  for (const name of previous.filter((n) => !chosen.includes(n))) {
    await removeHook(gh, repoOf(name), webhook.url).catch((err: unknown) => {
      if (!isRefused(err)) throw err;
    });
  }
  return { config: { ...request.config, repositories: chosen }, webhooksRegistered };
}
