import { randomBytes } from 'node:crypto';
import { bearerToken, FakeHttpServer, matchPath, type FakeHttpReply, type FakeHttpRequest, type FakeMatch } from '../fake-server.js';
import { FakeDrive } from './drive.js';
import { FakeMicrosoftIdentity, type GraphUser, type MicrosoftApp } from './identity.js';
import { driveItemJson, graphError } from './representations.js';
import { FakeSubscriptions } from './subscriptions.js';

export const GRAPH_PREFIX = '/v1.0';
const DOWNLOAD_LIFETIME_MS = 3_600_000;

interface DeltaToken {
  /** Epoch of the drive's change log; an older one is 410 resyncRequired. */
  e: number;
  /** Changes after this sequence number. */
  s: number;
  /** A first enumeration: deleted items are left out. */
  f: boolean;
}

/**
 * A local Microsoft Graph (`/v1.0`) and Microsoft identity platform (`/{tenant}/oauth2/v2.0/…`) on
 * 127.0.0.1, with one user's OneDrive. See test/fakes/README.md.
 */
export class FakeGraph {
  readonly http = new FakeHttpServer();
  readonly clock = this.http.clock;
  readonly identity = new FakeMicrosoftIdentity(this.clock);
  readonly drive = new FakeDrive(this.clock);
  readonly subscriptions = new FakeSubscriptions(this.clock);
  readonly user: GraphUser = {
    id: '48d31887-5fad-4d73-a9f5-3c356e68a038',
    displayName: 'Megan Bowen',
    mail: 'megan@contoso.example',
    userPrincipalName: 'megan@contoso.example',
  };
  readonly app: MicrosoftApp;
  /** Items per delta page (Graph decides its own; tests make it small to see pagination). */
  deltaPageSize = 200;
  private readonly downloadGrants = new Map<string, { itemId: string; expiresAtMs: number }>();
  /** File contents handed out (`GET /download/{id}`), by item id: a test asserts what was downloaded. */
  readonly downloads: string[] = [];

  private constructor() {
    this.app = this.identity.registerApp({ clientId: '00000000-0000-0000-0000-0000fake0001', clientSecret: 'fake~graph~secret' });
  }

  static async start(): Promise<FakeGraph> {
    const fake = new FakeGraph();
    await fake.http.listen(
      (req) => fake.route(req),
      (route) => route !== null && !route.includes('oauth2'),
    );
    return fake;
  }

  /** Base of the identity platform (`https://login.microsoftonline.com`). */
  get loginUrl(): string {
    return this.http.origin;
  }

  /** Base of Graph (`https://graph.microsoft.com/v1.0`). */
  get graphUrl(): string {
    return this.http.origin + GRAPH_PREFIX;
  }

  get requests() {
    return this.http.requests;
  }

  count(route: string, status?: number): number {
    return this.http.count(route, status);
  }

  resetRequests(): void {
    this.http.resetRequests();
  }

  /** A valid access token without the web flow (by default with every file permission). */
  token(lifetimeSeconds?: number, scopes?: string[]): string {
    return this.identity.issueAccessToken(lifetimeSeconds, scopes);
  }

  /** The next matching Graph requests are throttled: 429 (or 503) with Retry-After and Graph's error body. */
  throttle(options: { retryAfterSeconds?: number; times?: number; match?: FakeMatch; status?: 429 | 503 } = {}): void {
    const status = options.status ?? 429;
    const headers = { 'retry-after': String(options.retryAfterSeconds ?? 1) };
    const code = status === 429 ? 'activityLimitReached' : 'serviceNotAvailable';
    this.http.arm(() => graphError(status, code, 'The request has been throttled.', this.clock, headers), options);
  }

  /** The next matching Graph requests get this status with Graph's error body. */
  failWith(options: { status: number; code?: string; times?: number; match?: FakeMatch }): void {
    this.http.arm(() => graphError(options.status, options.code ?? 'generalException', 'An error occurred.', this.clock), options);
  }

  close(): Promise<void> {
    return this.http.close();
  }

  private async route(req: FakeHttpRequest): Promise<{ route: string | null; reply: FakeHttpReply }> {
    const { method, path } = req;
    let params: Record<string, string> | null;
    if ((params = matchPath('/{tenant}/oauth2/v2.0/authorize', path)) && method === 'GET')
      return { route: 'GET /{tenant}/oauth2/v2.0/authorize', reply: this.identity.authorize(req) };
    if ((params = matchPath('/{tenant}/oauth2/v2.0/token', path)) && method === 'POST')
      return { route: 'POST /{tenant}/oauth2/v2.0/token', reply: this.identity.token(req) };
    if ((params = matchPath('/download/{id}', path)) && method === 'GET') return { route: 'GET /download/{id}', reply: this.download(params.id!, req) };
    if (!path.startsWith(GRAPH_PREFIX)) return { route: null, reply: { status: 404, raw: { body: 'Not Found', contentType: 'text/plain' } } };

    const apiPath = path.slice(GRAPH_PREFIX.length);
    const auth = this.identity.isValid(bearerToken(req));
    if (auth !== 'valid') {
      const message = auth === 'expired' ? 'Lifetime validation failed, the token is expired.' : 'IDX14100: JWT is not well formed.';
      return { route: null, reply: graphError(401, 'InvalidAuthenticationToken', message, this.clock, { 'www-authenticate': 'Bearer realm=""' }) };
    }
    const routes: [string, string, (p: Record<string, string>) => FakeHttpReply | Promise<FakeHttpReply>][] = [
      ['GET', '/me', () => ({ status: 200, json: { '@odata.context': `${this.graphUrl}/$metadata#users/$entity`, ...this.user } })],
      ['GET', '/me/drive/root/delta', () => this.delta(req)],
      ['GET', '/me/drive/root', () => ({ status: 200, json: driveItemJson(this.drive, this.drive.root, this.http.origin, { withPath: true }) })],
      ['GET', '/me/drive/items/{id}', (p) => this.item(p.id!)],
      ['GET', '/me/drive/items/{id}/content', (p) => this.content(p.id!)],
      ['POST', '/subscriptions', () => this.subscriptions.create(req, { scopes: this.identity.scopesOf(bearerToken(req)), driveType: this.drive.driveType })],
      ['GET', '/subscriptions/{id}', (p) => this.subscriptions.get(p.id!)],
      ['PATCH', '/subscriptions/{id}', (p) => this.subscriptions.update(p.id!, req)],
      ['DELETE', '/subscriptions/{id}', (p) => this.subscriptions.delete(p.id!)],
    ];
    for (const [m, template, handle] of routes) {
      const matched = matchPath(template, apiPath);
      if (matched && m === method) return { route: `${m} ${template}`, reply: await handle(matched) };
    }
    return { route: null, reply: graphError(400, 'BadRequest', `Resource not found for the segment '${apiPath.split('/').pop()}'.`, this.clock) };
  }

  private delta(req: FakeHttpRequest): FakeHttpReply {
    const raw = req.query.get('token');
    let token: DeltaToken = { e: this.drive.epoch, s: 0, f: true };
    if (raw !== null) {
      try {
        token = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as DeltaToken;
      } catch {
        return graphError(400, 'invalidRequest', 'Invalid token.', this.clock);
      }
      if (token.e !== this.drive.epoch) {
        return graphError(410, 'resyncRequired', "Resync required. Replace any local items with the server's version (including deletes).", this.clock, {
          location: `${this.graphUrl}/me/drive/root/delta`,
        });
      }
    }
    const changes = this.drive.changesAfter(token.s, !token.f);
    const page = changes.slice(0, this.deltaPageSize);
    const link = (t: DeltaToken) => `${this.graphUrl}/me/drive/root/delta?token=${Buffer.from(JSON.stringify(t)).toString('base64url')}`;
    const body: Record<string, unknown> = {
      '@odata.context': `${this.graphUrl}/$metadata#Collection(driveItem)`,
      value: page.map((item) => driveItemJson(this.drive, item, this.http.origin, { withPath: false, delta: true })),
    };
    if (changes.length > page.length) body['@odata.nextLink'] = link({ ...token, s: page.at(-1)!.seq });
    else body['@odata.deltaLink'] = link({ e: this.drive.epoch, s: Math.max(token.s, this.drive.lastSeq), f: false });
    return { status: 200, json: body };
  }

  private item(id: string): FakeHttpReply {
    const item = this.drive.items.get(id);
    if (!item || item.deleted) return graphError(404, 'itemNotFound', 'The resource could not be found.', this.clock);
    return { status: 200, json: driveItemJson(this.drive, item, this.http.origin, { withPath: true }) };
  }

  /** `/content` answers 302 to a short-lived pre-authenticated URL, which needs no token. */
  private content(id: string): FakeHttpReply {
    const item = this.drive.items.get(id);
    if (!item || item.deleted) return graphError(404, 'itemNotFound', 'The resource could not be found.', this.clock);
    if (item.folder) return graphError(400, 'invalidRequest', 'The item is a folder.', this.clock);
    const tempauth = randomBytes(24).toString('base64url');
    this.downloadGrants.set(tempauth, { itemId: id, expiresAtMs: this.clock.nowMs() + DOWNLOAD_LIFETIME_MS });
    return { status: 302, headers: { location: `${this.http.origin}/download/${encodeURIComponent(id)}?tempauth=${tempauth}` } };
  }

  private download(id: string, req: FakeHttpRequest): FakeHttpReply {
    const grant = this.downloadGrants.get(req.query.get('tempauth') ?? '');
    const item = this.drive.items.get(id);
    if (!grant || grant.itemId !== id || grant.expiresAtMs <= this.clock.nowMs() || !item || item.deleted) {
      return { status: 401, raw: { body: '', contentType: 'text/plain' } };
    }
    this.downloads.push(id);
    return { status: 200, raw: { body: item.content, contentType: item.mimeType } };
  }
}
