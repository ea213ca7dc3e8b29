import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchError, fetchUrl, UNREACHABLE_DESTINATION } from './fetch-url.js';

const ETAG = '"v1"';
const LAST_MODIFIED = 'Tue, 01 Apr 2025 10:00:00 GMT';

let server: http.Server;
let base: string;
let received: http.IncomingHttpHeaders[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    received.push(req.headers);
    const url = new URL(req.url!, 'http://x');
    if (url.pathname === '/page') {
      const fresh = req.headers['if-none-match'] === ETAG || req.headers['if-modified-since'] === LAST_MODIFIED;
      res.writeHead(fresh ? 304 : 200, { etag: ETAG, 'last-modified': LAST_MODIFIED, 'content-type': 'text/html' }).end(fresh ? undefined : '<p>hi</p>');
    } else if (url.pathname === '/unprompted-304') {
      res.writeHead(304).end();
    } else if (url.pathname === '/to') {
      res.writeHead(302, { location: url.searchParams.get('target')! }).end();
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const loopbackOnly = { allowPrivate: false, allowedAddresses: ['127.0.0.0/8'], maxBytes: 100_000, timeoutMs: 5_000 };

async function failure(promise: Promise<unknown>): Promise<FetchError> {
  const err = await promise.then(
    () => new Error('expected the fetch to fail'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(FetchError);
  return err as FetchError;
}

describe('fetchUrl validators and conditional requests', () => {
  it('reports the ETag and Last-Modified of a response', async () => {
    const result = await fetchUrl(`${base}/page`, loopbackOnly);
    expect(result).toMatchObject({ status: 200, etag: ETAG, lastModified: LAST_MODIFIED, location: null });
    expect(Buffer.from(result.bytes).toString()).toBe('<p>hi</p>');
  });

  it('sends extra headers and answers a 304 to a conditional request as a result', async () => {
    received = [];
    const result = await fetchUrl(`${base}/page`, { ...loopbackOnly, headers: { 'If-None-Match': ETAG } });
    expect(result).toMatchObject({ status: 304, etag: ETAG });
    expect(result.bytes).toHaveLength(0);
    expect(received[0]!['if-none-match']).toBe(ETAG);
    expect(received[0]!['user-agent']).toBe('engram/0.1');

    const byDate = await fetchUrl(`${base}/page`, { ...loopbackOnly, headers: { 'if-modified-since': LAST_MODIFIED } });
    expect(byDate.status).toBe(304);
  });

  it('still refuses a 304 that no conditional request asked for', async () => {
    const err = await failure(fetchUrl(`${base}/unprompted-304`, loopbackOnly));
    expect(err.message).toMatch(/unexpected HTTP 304/);
  });

  it('carries the status of an error answer', async () => {
    const err = await failure(fetchUrl(`${base}/missing`, loopbackOnly));
    expect(err.status).toBe(404);
    expect(err.transient).toBe(false);
  });
});

describe('fetchUrl returned redirects', () => {
  it('answers a redirect with its absolute target instead of following it', async () => {
    received = [];
    const result = await fetchUrl(`${base}/to?target=${encodeURIComponent('/page')}`, { ...loopbackOnly, redirects: 'return' });
    expect(result).toMatchObject({ status: 302, location: `${base}/page`, finalUrl: `${base}/to?target=%2Fpage` });
    expect(received).toHaveLength(1);
  });

  it('returns a redirect to a refused address without connecting to it', async () => {
    const result = await fetchUrl(`${base}/to?target=${encodeURIComponent('http://10.0.0.1/admin')}`, { ...loopbackOnly, redirects: 'return' });
    expect(result.location).toBe('http://10.0.0.1/admin');
    const err = await failure(fetchUrl(result.location!, loopbackOnly));
    expect(err.message).toBe(UNREACHABLE_DESTINATION);
  });
});

describe('fetchUrl allowed addresses', () => {
  it('connects to an allowed loopback address while private addresses stay refused', async () => {
    await expect(fetchUrl(`${base}/page`, { ...loopbackOnly, allowedAddresses: ['127.0.0.1'] })).resolves.toMatchObject({ status: 200 });
    const strict = await failure(fetchUrl(`${base}/page`, { ...loopbackOnly, allowedAddresses: [] }));
    expect(strict.diagnosis).toMatch(/loopback/);
  });

  it.each(['http://10.0.0.1/admin', 'http://169.254.169.254/latest/meta-data/', 'http://[::1]/'])('still refuses a followed redirect to %s', async (target) => {
    const err = await failure(fetchUrl(`${base}/to?target=${encodeURIComponent(target)}`, loopbackOnly));
    expect(err.message).toBe(UNREACHABLE_DESTINATION);
    expect(err.diagnosis).toMatch(/blocked/);
  });

  it('never allows a metadata address, even when listed', async () => {
    const err = await failure(fetchUrl('http://169.254.169.254/', { ...loopbackOnly, allowedAddresses: ['169.254.0.0/16'] }));
    expect(err.diagnosis).toMatch(/metadata/);
  });

  it('matches IPv4-mapped IPv6 literals against IPv4 ranges', async () => {
    const port = new URL(base).port;
    await expect(fetchUrl(`http://[::ffff:127.0.0.1]:${port}/page`, loopbackOnly)).resolves.toMatchObject({ status: 200 });
  });
});
