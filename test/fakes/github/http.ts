import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';

/** A parsed incoming request, as the route handlers see it. */
export interface FakeRequest {
  method: string;
  /** The path without the API prefix, e.g. `/repos/o/r/contents/README.md`. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
  /** The body as form fields or JSON object fields (both are accepted where GitHub accepts both). */
  fields: Record<string, string>;
  /** The parsed JSON body, or undefined. */
  json: any;
}

/** What a handler answers: JSON, raw bytes, or a redirect; headers are added to the standard ones. */
export interface FakeReply {
  status: number;
  json?: unknown;
  raw?: { body: Buffer | string; contentType: string };
  headers?: Record<string, string>;
}

export async function readRequest(req: IncomingMessage, prefix: string): Promise<FakeRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const rawBody = Buffer.concat(chunks);
  const url = new URL(req.url ?? '/', 'http://fake.invalid');
  const path = decodeURIComponent(url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) || '/' : url.pathname);
  const text = rawBody.toString('utf8');
  let json: any;
  const fields: Record<string, string> = {};
  if (/json/.test(req.headers['content-type'] ?? '') || /^\s*[{[]/.test(text)) {
    try {
      json = JSON.parse(text);
      if (json && typeof json === 'object') for (const [k, v] of Object.entries(json)) fields[k] = String(v);
    } catch {
      json = undefined;
    }
  } else if (text) {
    for (const [k, v] of new URLSearchParams(text)) fields[k] = v;
  }
  return { method: req.method ?? 'GET', path, query: url.searchParams, headers: req.headers, rawBody, fields, json };
}

export const DOCS = 'https://docs.github.com/rest';

export function notFound(documentationUrl = DOCS): FakeReply {
  return { status: 404, json: { message: 'Not Found', documentation_url: documentationUrl, status: '404' } };
}

export function badCredentials(): FakeReply {
  return { status: 401, json: { message: 'Bad credentials', documentation_url: DOCS, status: '401' } };
}

export function requiresAuthentication(documentationUrl: string): FakeReply {
  return { status: 401, json: { message: 'Requires authentication', documentation_url: documentationUrl, status: '401' } };
}

export function validationFailed(message: string, documentationUrl = DOCS): FakeReply {
  return { status: 422, json: { message, documentation_url: documentationUrl, status: '422' } };
}

/** A route: `{name}` matches one path segment, `{+name}` the rest of the path (may be empty). */
export interface Route<C> {
  method: string;
  template: string;
  handle: (ctx: C, params: Record<string, string>) => FakeReply | Promise<FakeReply>;
}

export function matchRoute<C>(routes: Route<C>[], method: string, path: string): { route: Route<C>; params: Record<string, string> } | undefined {
  for (const route of routes) {
    if (route.method !== method && !(route.method === 'GET' && method === 'HEAD')) continue;
    const names: string[] = [];
    const pattern = route.template.replace(/\/\{(\+?)(\w+)\}/g, (_, rest: string, name: string) => {
      names.push(name);
      return rest ? '(?:/(.*))?' : '/([^/]+)';
    });
    const match = new RegExp(`^${pattern}/?$`).exec(path);
    if (match) return { route, params: Object.fromEntries(names.map((n, i) => [n, match[i + 1] ?? ''])) };
  }
  return undefined;
}
