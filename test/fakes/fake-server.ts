import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeClock } from './github/clock.js';

export { FakeClock };

/** A parsed incoming request. */
export interface FakeHttpRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
  /** The JSON body, or the form fields of a form body; undefined otherwise. */
  body: any;
}

/** A handler's answer: JSON, raw bytes, or nothing (with headers such as Location). */
export interface FakeHttpReply {
  status: number;
  json?: unknown;
  raw?: { body: Buffer | string; contentType: string };
  headers?: Record<string, string>;
}

/** One request the fake answered; `route` is the handler's name for it, e.g. `GET /me/drive/root/delta`. */
export interface FakeRequestRecord {
  method: string;
  path: string;
  query: URLSearchParams;
  route: string | null;
  status: number;
  headers: IncomingHttpHeaders;
  atMs: number;
}

/** Which requests an armed failure applies to: a route name or a RegExp over `METHOD /path`. */
export type FakeMatch = string | RegExp;

interface Armed {
  times: number;
  match?: FakeMatch;
  reply: () => FakeHttpReply;
}

export type FakeRouter = (req: FakeHttpRequest) => Promise<{ route: string | null; reply: FakeHttpReply }> | { route: string | null; reply: FakeHttpReply };

/**
 * What every provider fake shares: a server on 127.0.0.1, a clock that tests move forward, a log
 * of requests, and failures armed for the next matching requests (a 429 with Retry-After, a 503…).
 */
export class FakeHttpServer {
  readonly clock = new FakeClock();
  readonly requests: FakeRequestRecord[] = [];
  private readonly armed: Armed[] = [];
  private server?: Server;
  origin = '';

  async listen(router: FakeRouter, matchesArmed: (route: string | null, req: FakeHttpRequest) => boolean = () => true): Promise<void> {
    this.server = createServer((req, res) => {
      this.handle(req, res, router, matchesArmed).catch((error) => {
        console.error('fake provider failed on', req.method, req.url, error);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The next `times` requests matching `match` (all when left out) get `reply()` instead. */
  arm(reply: () => FakeHttpReply, options: { times?: number; match?: FakeMatch } = {}): void {
    this.armed.push({ times: options.times ?? 1, match: options.match, reply });
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

  private async handle(req: IncomingMessage, res: ServerResponse, router: FakeRouter, matchesArmed: (route: string | null, req: FakeHttpRequest) => boolean) {
    const atMs = this.clock.nowMs();
    const request = await readRequest(req);
    const routed = await router(request);
    let reply = routed.reply;
    const armed = matchesArmed(routed.route, request) ? this.takeArmed(routed.route, request) : undefined;
    if (armed) reply = armed.reply();
    this.requests.push({
      method: request.method,
      path: request.path,
      query: request.query,
      route: routed.route,
      status: reply.status,
      headers: request.headers,
      atMs,
    });
    const headers: Record<string, string> = { date: this.clock.now().toUTCString(), ...reply.headers };
    const body = reply.raw ? reply.raw.body : reply.json === undefined ? '' : JSON.stringify(reply.json);
    if (reply.raw) headers['content-type'] = reply.raw.contentType;
    else if (reply.json !== undefined) headers['content-type'] ??= 'application/json; charset=utf-8';
    res.writeHead(reply.status, headers);
    res.end(body);
  }

  private takeArmed(route: string | null, req: FakeHttpRequest): Armed | undefined {
    const index = this.armed.findIndex((a) => {
      if (a.match === undefined) return true;
      if (typeof a.match === 'string') return a.match === route;
      return a.match.test(`${req.method} ${req.path}`);
    });
    if (index < 0) return undefined;
    const armed = this.armed[index]!;
    if (--armed.times <= 0) this.armed.splice(index, 1);
    return armed;
  }
}

async function readRequest(req: IncomingMessage): Promise<FakeHttpRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const rawBody = Buffer.concat(chunks);
  const url = new URL(req.url ?? '/', 'http://fake.invalid');
  const text = rawBody.toString('utf8');
  let body: any;
  if (/json/.test(req.headers['content-type'] ?? '')) {
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
  } else if (/x-www-form-urlencoded/.test(req.headers['content-type'] ?? '')) {
    body = Object.fromEntries(new URLSearchParams(text));
  }
  return { method: req.method ?? 'GET', path: decodeURIComponent(url.pathname), query: url.searchParams, headers: req.headers, rawBody, body };
}

/** The bearer token of a request, or null. */
export function bearerToken(req: FakeHttpRequest): string | null {
  return /^bearer\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''))?.[1] ?? null;
}

/** Matches `path` against a template with `{name}` segments; the parameters, or null. */
export function matchPath(template: string, path: string): Record<string, string> | null {
  const names: string[] = [];
  const pattern = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const match = new RegExp(`^${pattern}/?$`).exec(path);
  return match ? Object.fromEntries(names.map((n, i) => [n, match[i + 1]!])) : null;
}
