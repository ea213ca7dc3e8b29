import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defaultSite, htmlPage, type SiteResource } from './website-content.js';

export { htmlPage, type SiteResource } from './website-content.js';

/** One request a site received. */
export interface SiteRequest {
  method: string;
  /** Path and query, as requested. */
  path: string;
  status: number;
  ifNoneMatch?: string;
  ifModifiedSince?: string;
  userAgent?: string;
  /** Wall-clock arrival time, for checking crawl delays. */
  atMs: number;
}

/** A site on its own 127.0.0.1 port serving a map of resources, with conditional GET and a request log. */
class LoggedSite {
  readonly requests: SiteRequest[] = [];
  origin = '';
  private server?: Server;
  /** Paths answered 429 for their next requests, with the Retry-After to send (none: no header). */
  readonly throttled = new Map<string, { times: number; retryAfter?: string | (() => string) }>();

  constructor(readonly resources: Map<string, SiteResource>) {}

  async listen(): Promise<void> {
    this.server = createServer((req, res) => this.answer(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private answer(req: IncomingMessage, res: ServerResponse): void {
    const path = req.url ?? '/';
    const resource = this.resources.get(new URL(path, 'http://site.invalid').pathname);
    const log = (status: number) =>
      this.requests.push({
        method: req.method ?? 'GET',
        path,
        status,
        ifNoneMatch: req.headers['if-none-match'],
        ifModifiedSince: req.headers['if-modified-since'],
        userAgent: req.headers['user-agent'],
        atMs: Date.now(),
      });
    const throttle = this.throttled.get(new URL(path, 'http://site.invalid').pathname);
    if (throttle && throttle.times > 0) {
      throttle.times--;
      log(429);
      const retryAfter = typeof throttle.retryAfter === 'function' ? throttle.retryAfter() : throttle.retryAfter;
      res.writeHead(429, { 'content-type': 'text/plain', ...(retryAfter !== undefined && { 'retry-after': retryAfter }) }).end('Too Many Requests');
      return;
    }
    if (!resource || (req.method !== 'GET' && req.method !== 'HEAD')) {
      const status = resource ? 405 : 404;
      log(status);
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(status === 404 ? htmlPage('Not found', ['No such page.']) : '');
      return;
    }
    const etag = `"${createHash('sha1').update(resource.body).digest('hex')}"`;
    const lastModified = resource.lastModified.toUTCString();
    const headers = { etag, 'last-modified': lastModified, 'cache-control': 'no-cache', ...resource.headers };
    if (resource.status === 200 && notModified(req, etag, resource.lastModified)) {
      log(304);
      res.writeHead(304, headers).end();
      return;
    }
    log(resource.status);
    res.writeHead(resource.status, { ...headers, 'content-type': resource.contentType, 'content-length': Buffer.byteLength(resource.body) });
    res.end(req.method === 'HEAD' ? undefined : resource.body);
  }
}

/** If-None-Match wins over If-Modified-Since when both are sent (RFC 9110 §13.1.3). */
function notModified(req: IncomingMessage, etag: string, lastModified: Date): boolean {
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch) return ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === `W/${etag}` || tag.trim() === '*');
  const since = Date.parse(req.headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
}

/**
 * A small web site on 127.0.0.1 for the crawler (see website-content.ts for its pages), plus a
 * second site on another port standing for another host, which a crawler must not follow.
 */
export class FakeWebsite {
  private constructor(
    private readonly site: LoggedSite,
    private readonly externalSite: LoggedSite,
  ) {}

  static async start(options: { crawlDelaySeconds?: number } = {}): Promise<FakeWebsite> {
    const site = new LoggedSite(new Map());
    const external = new LoggedSite(new Map());
    await Promise.all([site.listen(), external.listen()]);
    // A day old, so a page changed during a test always gets a later Last-Modified.
    const now = new Date(Date.now() - 86_400_000);
    for (const [path, resource] of defaultSite(site.origin, external.origin, options.crawlDelaySeconds ?? 1, now)) site.resources.set(path, resource);
    external.resources.set('/page', {
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: htmlPage('Friends', ['Another host.'], [[`${site.origin}/`, 'Back']]),
      lastModified: now,
    });
    return new FakeWebsite(site, external);
  }

  /** e.g. `http://127.0.0.1:40123`. */
  get origin(): string {
    return this.site.origin;
  }

  /** The other host the site links and redirects to. */
  get externalOrigin(): string {
    return this.externalSite.origin;
  }

  url(path: string): string {
    return this.origin + path;
  }

  /** Requests the site received, oldest first. */
  get requests(): SiteRequest[] {
    return this.site.requests;
  }

  /** Requests the other host received: a crawler that stays on its site leaves this empty. */
  get externalRequests(): SiteRequest[] {
    return this.externalSite.requests;
  }

  requestsFor(path: string): SiteRequest[] {
    return this.site.requests.filter((r) => r.path === path);
  }

  /** Requests that carried If-None-Match or If-Modified-Since. */
  conditionalRequests(): SiteRequest[] {
    return this.site.requests.filter((r) => r.ifNoneMatch !== undefined || r.ifModifiedSince !== undefined);
  }

  resetRequests(): void {
    this.site.requests.length = 0;
    this.externalSite.requests.length = 0;
  }

  /** Serves (or replaces) an HTML page; its ETag and Last-Modified (by at least a second) change with it. */
  setPage(path: string, html: string): void {
    const previous = this.site.resources.get(path)?.lastModified.getTime() ?? 0;
    const lastModified = new Date(Math.max(Date.now(), previous + 1000));
    this.setResource(path, { status: 200, contentType: 'text/html; charset=utf-8', body: html, lastModified });
  }

  setResource(path: string, resource: SiteResource): void {
    this.site.resources.set(path, resource);
  }

  /** Makes a path answer 404 from now on (a page deleted at the source). */
  remove(path: string): void {
    this.site.resources.delete(path);
  }

  /**
   * The next `times` requests of `path` are answered 429 Too Many Requests, with `Retry-After`
   * (delta-seconds or an HTTP date, or a function giving it at the time of the request) when given.
   */
  throttle(path: string, options: { times?: number; retryAfter?: string | (() => string) } = {}): void {
    this.site.throttled.set(path, { times: options.times ?? 1, retryAfter: options.retryAfter });
  }

  redirect(path: string, location: string, status = 302): void {
    this.setResource(path, { status, contentType: 'text/html; charset=utf-8', body: '', lastModified: new Date(), headers: { location } });
  }

  async close(): Promise<void> {
    await Promise.all([this.site.close(), this.externalSite.close()]);
  }
}
