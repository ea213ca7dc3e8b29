import { Hold } from '../hold.js';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeClock } from '../github/clock.js';
import { matchRoute, readRequest, type FakeReply, type FakeRequest, type Route } from '../github/http.js';
import { DRIVE_PREFIX, FakeDrive } from './drive.js';
import { insufficientScopes, invalidCredentials, rateLimited } from './errors.js';
import { FakeGmail, GMAIL_PREFIX } from './gmail.js';
import { FakeGoogleIdTokens } from './id-tokens.js';
import { FakeGoogleOAuth, type AccessTokenRecord } from './oauth.js';

export const DRIVE_SCOPE = 'https://www.googleapis.com/auth/drive.readonly';
export const GMAIL_SCOPE = 'https://www.googleapis.com/auth/gmail.readonly';
const DRIVE_SCOPES = [DRIVE_SCOPE, 'https://www.googleapis.com/auth/drive'];
const GMAIL_SCOPES = [GMAIL_SCOPE, 'https://www.googleapis.com/auth/gmail.modify', 'https://mail.google.com/'];

export interface RecordedGoogleRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** e.g. `GET /drive/v3/files/{fileId}`, `POST /token`. */
  route?: string;
  status: number;
  headers: IncomingHttpHeaders;
  /** The token endpoint's `grant_type` (`authorization_code`, `refresh_token`). */
  grantType?: string;
  atMs: number;
}

interface Armed {
  times: number;
  match?: string | RegExp;
  reply: () => FakeReply;
}

interface Api {
  prefix: string;
  scopes: string[];
  routes: Route<FakeRequest>[];
}

/**
 * Google on 127.0.0.1: the OAuth consent page and token endpoint, OpenID user info, the ID-token
 * signing keys, Drive API v3 and Gmail API v1 for one account, with Drive channel notifications and
 * Gmail's Pub/Sub pushes (authenticated ones too).
 */
export class FakeGoogle {
  readonly clock = new FakeClock();
  readonly oauth = new FakeGoogleOAuth(this.clock, { sub: '109876543210987654321', email: 'ada@example.com', name: 'Ada Lovelace' });
  readonly drive = new FakeDrive(this.clock, () => this.origin);
  readonly idTokens = new FakeGoogleIdTokens(this.clock);
  readonly gmail = new FakeGmail(this.clock, 'ada@example.com', this.idTokens);
  readonly requests: RecordedGoogleRequest[] = [];
  private readonly armed: Armed[] = [];
  private readonly apis: Api[] = [
    { prefix: DRIVE_PREFIX, scopes: DRIVE_SCOPES, routes: this.drive.routes() },
    { prefix: GMAIL_PREFIX, scopes: GMAIL_SCOPES, routes: this.gmail.routes() },
  ];
  private server?: Server;
  private origin = '';
  private readonly tokenRequests = new Hold();

  /** Token requests that have arrived and wait for `holdTokenRequests`' release. */
  get heldTokenRequests(): number {
    return this.tokenRequests.waiting;
  }

  static async start(): Promise<FakeGoogle> {
    const fake = new FakeGoogle();
    fake.server = createServer((req, res) => {
      fake.handle(req, res).catch((error) => {
        console.error('fake Google failed on', req.method, req.url, error);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json; charset=UTF-8' });
        res.end(JSON.stringify({ error: { code: 500, message: 'Internal error encountered.', status: 'INTERNAL' } }));
      });
    });
    await new Promise<void>((resolve) => fake.server!.listen(0, '127.0.0.1', resolve));
    fake.origin = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    return fake;
  }

  get url(): string {
    return this.origin;
  }

  /** Every endpoint on this fake, in the shape of the adapters' `google` option. */
  get endpoints() {
    return {
      authUrl: `${this.origin}/o/oauth2/v2/auth`,
      tokenUrl: `${this.origin}/token`,
      revokeUrl: `${this.origin}/revoke`,
      userinfoUrl: `${this.origin}/v1/userinfo`,
      certsUrl: `${this.origin}/oauth2/v3/certs`,
      driveUrl: `${this.origin}${DRIVE_PREFIX}`,
      gmailUrl: `${this.origin}/gmail/v1`,
      mailWebUrl: `${this.origin}/mail/u/0/`,
    };
  }

  /** An access token without the web flow. */
  token(scopes: string[] = [DRIVE_SCOPE, GMAIL_SCOPE], lifetimeSeconds?: number): string {
    return this.oauth.issueToken(scopes, lifetimeSeconds);
  }

  /**
   * The next `times` API requests matching `match` (a route name such as `GET /drive/v3/files`, or
   * a RegExp over `METHOD /path`; all API requests without it) get `reply`, by default a 429
   * `rateLimitExceeded` with `Retry-After: retryAfterSeconds` (none when null).
   */
  failNext(options: { times?: number; match?: string | RegExp; retryAfterSeconds?: number | null; reply?: () => FakeReply } = {}): void {
    const retryAfter = options.retryAfterSeconds === undefined ? 1 : options.retryAfterSeconds;
    this.armed.push({ times: options.times ?? 1, match: options.match, reply: options.reply ?? (() => rateLimited(retryAfter)) });
  }

  /** Keeps every token request from being answered until the function returned is called: a slow token endpoint. */
  holdTokenRequests(): () => void {
    return this.tokenRequests.start();
  }

  count(route: string, status?: number): number {
    return this.requests.filter((r) => r.route === route && (status === undefined || r.status === status)).length;
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
    const request = await readRequest(req, '');
    const { reply, route } = await this.route(request);
    this.requests.push({
      method: request.method,
      path: request.path,
      query: request.query,
      route,
      status: reply.status,
      headers: request.headers,
      grantType: request.fields.grant_type,
      atMs,
    });
    const headers: Record<string, string> = { date: this.clock.now().toUTCString(), vary: 'Origin, X-Origin, Referer', ...reply.headers };
    const body = reply.status === 204 ? '' : reply.raw ? reply.raw.body : reply.json === undefined ? '' : JSON.stringify(reply.json);
    if (body !== '' || reply.raw) headers['content-type'] = reply.raw?.contentType ?? 'application/json; charset=UTF-8';
    if (typeof body === 'string' || Buffer.isBuffer(body)) headers['content-length'] = String(Buffer.byteLength(body));
    res.writeHead(reply.status, headers);
    res.end(request.method === 'HEAD' ? undefined : body);
  }

  private async route(req: FakeRequest): Promise<{ reply: FakeReply; route?: string }> {
    if (req.method === 'GET' && req.path === '/o/oauth2/v2/auth') return { reply: this.oauth.authorize(req), route: 'GET /o/oauth2/v2/auth' };
    if (req.method === 'POST' && req.path === '/token') {
      await this.tokenRequests.pass();
      return { reply: this.oauth.token(req), route: 'POST /token' };
    }
    if (req.method === 'POST' && req.path === '/revoke')
      return { reply: this.takeArmed('POST /revoke', 'POST /revoke') ?? this.oauth.revoke(req), route: 'POST /revoke' };
    if (req.method === 'GET' && req.path === '/v1/userinfo') return { reply: this.oauth.userinfo(req), route: 'GET /v1/userinfo' };
    if (req.method === 'GET' && req.path === '/oauth2/v3/certs') return { reply: await this.idTokens.certs(), route: 'GET /oauth2/v3/certs' };
    const api = this.apis.find((a) => req.path.startsWith(`${a.prefix}/`));
    if (!api) return { reply: { status: 404, raw: { body: 'Not Found', contentType: 'text/html; charset=UTF-8' } } };

    const path = req.path.slice(api.prefix.length);
    const matched = matchRoute(api.routes, req.method, path);
    const route = matched && `${matched.route.method} ${api.prefix}${matched.route.template}`;
    const bearer = /^Bearer\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''));
    const caller: AccessTokenRecord | undefined = bearer ? this.oauth.lookup(bearer[1]!) : undefined;
    if (!caller) return { reply: invalidCredentials(), route };
    if (!caller.scopes.some((s) => api.scopes.includes(s))) return { reply: insufficientScopes(), route };
    const armed = this.takeArmed(route ?? '', `${req.method} ${req.path}`);
    if (armed) return { reply: armed, route };
    if (!matched) return { reply: { status: 404, raw: { body: 'Not Found', contentType: 'text/html; charset=UTF-8' } } };
    return { reply: await matched.route.handle(req, matched.params), route };
  }

  private takeArmed(route: string, methodPath: string): FakeReply | undefined {
    const index = this.armed.findIndex((a) => a.match === undefined || (typeof a.match === 'string' ? a.match === route : a.match.test(methodPath)));
    if (index < 0) return undefined;
    const armed = this.armed[index]!;
    if (--armed.times <= 0) this.armed.splice(index, 1);
    return armed.reply();
  }
}
