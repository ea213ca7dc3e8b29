import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeClock } from './clock.js';
import { commitRoutes } from './commits.js';
import { contentRoutes } from './contents.js';
import type { ApiContext, ApiRoute } from './context.js';
import { badCredentials, DOCS, matchRoute, readRequest, type FakeReply, type FakeRequest } from './http.js';
import { issueRoutes } from './issues.js';
import { FakeOAuth, type OAuthApp, type TokenRecord } from './oauth.js';
import { FakeRateLimits } from './rate-limit.js';
import type { FakeUser } from './repo.js';
import type { Urls } from './representations.js';
import { GitHubState, type CreateRepoOptions } from './state.js';
import { userAndRepoRoutes } from './users-repos.js';
import { FakeWebhooks } from './webhooks.js';

/** The REST API lives under this prefix, as on GitHub Enterprise Server; OAuth pages are at the root. */
export const API_PREFIX = '/api/v3';

/** One request the fake answered. `route` is the matched route's name, e.g. `GET /repos/{owner}/{repo}/issues`. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  route?: string;
  status: number;
  headers: IncomingHttpHeaders;
  /** On the fake clock. */
  atMs: number;
}

/**
 * A local GitHub on 127.0.0.1 speaking the REST and OAuth wire format. It starts with one user
 * (`octocat`) and one OAuth app with expiring tokens; everything else is added by the test.
 */
export class FakeGitHub {
  readonly clock = new FakeClock();
  readonly state = new GitHubState(this.clock);
  readonly rateLimits = new FakeRateLimits(this.clock);
  readonly webhooks = new FakeWebhooks(this.clock, () => this.urls);
  readonly oauth: FakeOAuth;
  readonly requests: RecordedRequest[] = [];
  readonly user: FakeUser;
  readonly app: OAuthApp;
  private readonly routes: ApiRoute[] = [...userAndRepoRoutes, ...commitRoutes, ...contentRoutes, ...issueRoutes, ...this.webhooks.routes()];
  private server?: Server;
  private origin = '';

  private constructor() {
    this.user = this.state.addUser('octocat', { name: 'The Octocat', email: 'octocat@example.com' });
    this.oauth = new FakeOAuth(this.clock, this.user);
    this.app = this.oauth.registerApp({ clientId: 'Iv1.fake0client0id', clientSecret: 'fake-client-secret' });
  }

  static async start(): Promise<FakeGitHub> {
    const fake = new FakeGitHub();
    fake.server = createServer((req, res) => {
      fake.handle(req, res).catch((error) => {
        console.error('fake GitHub failed on', req.method, req.url, error);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ message: 'Server Error' }));
      });
    });
    await new Promise<void>((resolve) => fake.server!.listen(0, '127.0.0.1', resolve));
    fake.origin = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    return fake;
  }

  /** The site root: OAuth pages (`/login/oauth/…`) and html_url links. */
  get webUrl(): string {
    return this.origin;
  }

  /** The REST base URL, for `new Octokit({ baseUrl })`. */
  get apiUrl(): string {
    return this.origin + API_PREFIX;
  }

  get urls(): Urls {
    return { web: this.webUrl, api: this.apiUrl };
  }

  /** A token for the user without the web flow (like a personal access token). */
  token(user: FakeUser = this.user, options?: { scopes?: string[]; expiresInSeconds?: number }): string {
    return this.oauth.issueToken(user, options);
  }

  createRepo(name: string, options?: CreateRepoOptions, owner: FakeUser = this.user) {
    return this.state.createRepo(owner, name, options);
  }

  /** How many requests matched a route (e.g. `GET /repos/{owner}/{repo}/contents/{+path}`), optionally with one status. */
  count(route: string, status?: number): number {
    return this.requests.filter((r) => r.route === route && (status === undefined || r.status === status)).length;
  }

  /** How many requests each route got, e.g. `{ 'GET /user/repos 200': 2, 'GET /user/repos 304': 1 }`. */
  countsByRoute(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const r of this.requests) {
      const key = `${r.route ?? `${r.method} ${r.path}`} ${r.status}`;
      counts[key] = (counts[key] ?? 0) + 1;
    }
    return counts;
  }

  resetRequests(): void {
    this.requests.length = 0;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve, reject) => this.server?.close((e) => (e ? reject(e) : resolve())) ?? resolve());
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const atMs = this.clock.nowMs();
    const isApi = (req.url ?? '').startsWith(API_PREFIX);
    const request = await readRequest(req, isApi ? API_PREFIX : '');
    const { reply, route } = isApi ? await this.api(request, req.socket.remoteAddress ?? 'unknown') : this.site(request);
    this.requests.push({ method: request.method, path: request.path, query: request.query, route, status: reply.status, headers: request.headers, atMs });
    this.send(res, request.method, reply);
  }

  private site(req: FakeRequest): { reply: FakeReply; route?: string } {
    if (req.method === 'GET' && req.path === '/login/oauth/authorize') return { reply: this.oauth.authorize(req), route: 'GET /login/oauth/authorize' };
    if (req.method === 'POST' && req.path === '/login/oauth/access_token')
      return { reply: this.oauth.accessToken(req), route: 'POST /login/oauth/access_token' };
    return { reply: { status: 404, raw: { body: 'Not Found', contentType: 'text/plain; charset=utf-8' } } };
  }

  private async api(req: FakeRequest, address: string): Promise<{ reply: FakeReply; route?: string }> {
    // The app's own endpoints authenticate with its client id and secret (HTTP Basic), not a token.
    const appAuthorization = /^\/applications\/([^/]+)\/(grant|token)$/.exec(req.path);
    if (req.method === 'DELETE' && appAuthorization) {
      const route = `DELETE /applications/{client_id}/${appAuthorization[2]}`;
      const armed = this.rateLimits.takeArmed(route, req.method, req.path);
      const common = this.commonHeaders(undefined);
      const reply =
        armed?.reply(common) ?? this.oauth.deleteAuthorization(req, decodeURIComponent(appAuthorization[1]!), appAuthorization[2] as 'grant' | 'token');
      return { reply: withHeaders(reply, common), route };
    }
    const auth = /^(?:token|bearer)\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''));
    const caller: TokenRecord | undefined = auth ? this.oauth.lookup(auth[1]) : undefined;
    const who = caller ? caller.user.login : address;
    const base = { ...this.commonHeaders(caller), ...this.rateLimits.headers(who, !!caller) };
    if (req.headers.authorization !== undefined && !caller) return { reply: withHeaders(badCredentials(), base) };

    const matched = matchRoute(this.routes, req.method, req.path);
    const route = matched && `${matched.route.method} ${matched.route.template}`;
    const armed = this.rateLimits.takeArmed(route ?? '', req.method, req.path);
    if (armed) return { reply: armed.reply(base), route };
    if (this.rateLimits.isExhausted(who, !!caller))
      return { reply: withHeaders(this.rateLimits.exhaustedReply(who, !!caller), this.commonHeaders(caller)), route };

    const ctx: ApiContext = { req, caller, state: this.state, urls: this.urls };
    const reply = matched
      ? await matched.route.handle(ctx, matched.params)
      : { status: 404, json: { message: 'Not Found', documentation_url: DOCS, status: '404' } };
    if (reply.status === 200 && (req.method === 'GET' || req.method === 'HEAD')) {
      const etag = `W/"${createHash('sha256').update(who).update(bodyOf(reply)).digest('hex')}"`;
      // GitHub: a 304 to a conditional request does not count against the rate limit.
      if (matchesEtag(req.headers['if-none-match'], etag)) return { reply: { status: 304, headers: { ...base, etag } }, route };
      reply.headers = { ...reply.headers, etag };
    }
    this.rateLimits.spend(who, !!caller);
    return { reply: withHeaders(reply, { ...this.commonHeaders(caller), ...this.rateLimits.headers(who, !!caller) }), route };
  }

  private commonHeaders(caller: TokenRecord | undefined): Record<string, string> {
    return {
      date: this.clock.now().toUTCString(),
      'x-github-api-version-selected': '2022-11-28',
      'x-github-media-type': 'github.v3; format=json',
      'x-github-request-id': randomBytes(8).toString('hex').toUpperCase(),
      'cache-control': caller ? 'private, max-age=60, s-maxage=60' : 'public, max-age=60, s-maxage=60',
      vary: 'Accept, Authorization, Cookie, X-GitHub-OTP, Accept-Encoding',
      ...(caller && { 'x-oauth-scopes': caller.scopes.join(', '), 'x-accepted-oauth-scopes': 'repo' }),
    };
  }

  private send(res: ServerResponse, method: string, reply: FakeReply): void {
    const headers: Record<string, string> = { date: this.clock.now().toUTCString(), ...reply.headers };
    const body = reply.status === 204 || reply.status === 304 ? '' : bodyOf(reply);
    if (body !== '' || reply.raw) headers['content-type'] = reply.raw?.contentType ?? 'application/json; charset=utf-8';
    res.writeHead(reply.status, headers);
    res.end(method === 'HEAD' ? undefined : body);
  }
}

function bodyOf(reply: FakeReply): Buffer | string {
  if (reply.raw) return reply.raw.body;
  return reply.json === undefined ? '' : JSON.stringify(reply.json);
}

function withHeaders(reply: FakeReply, headers: Record<string, string>): FakeReply {
  return { ...reply, headers: { ...headers, ...reply.headers } };
}

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || strip(tag) === strip(etag));
}
