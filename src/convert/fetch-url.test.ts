import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchError, fetchUrl, UNREACHABLE_DESTINATION } from './fetch-url.js';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

async function listen(handler: Handler): Promise<{ server: http.Server; base: string }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function close(server: http.Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

async function fetchError(promise: Promise<unknown>): Promise<FetchError> {
  const err = await promise.then(
    () => {
      throw new Error('expected the fetch to fail');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(FetchError);
  return err as FetchError;
}

const open = { allowPrivate: true, maxBytes: 1_000_000, timeoutMs: 5_000 };
const strict = { ...open, allowPrivate: false };

describe('fetchUrl', () => {
  let server: http.Server;
  let base: string;
  let lastUserAgent: string | undefined;

  beforeAll(async () => {
    ({ server, base } = await listen((req, res) => {
      const url = new URL(req.url!, 'http://x');
      lastUserAgent = req.headers['user-agent'];
      const hops = /^\/r\/(\d+)$/.exec(url.pathname);
      if (hops) {
        const n = Number(hops[1]);
        res.writeHead(302, { location: n > 1 ? `/r/${n - 1}` : '/ok' }).end();
      } else if (url.pathname === '/ok') {
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('hello there');
      } else if (url.pathname === '/to') {
        res.writeHead(301, { location: url.searchParams.get('target')! }).end();
      } else if (url.pathname === '/big-declared') {
        // Only the headers are sent: the client must give up without waiting for a body.
        res.writeHead(200, { 'content-length': '5000000' });
        res.flushHeaders();
      } else if (url.pathname === '/big-stream') {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        const chunk = Buffer.alloc(16 * 1024, 97);
        const pump = (): void => {
          if (res.destroyed) return;
          if (res.write(chunk)) setImmediate(pump);
          else res.once('drain', pump);
        };
        pump();
      } else if (url.pathname.startsWith('/status/')) {
        res.writeHead(Number(url.pathname.slice(8))).end('status body');
      } else {
        res.writeHead(404).end();
      }
    }));
  });

  afterAll(() => close(server));

  it('fetches from a private address when allowPrivate is set', async () => {
    const result = await fetchUrl(`${base}/ok`, { ...open, userAgent: 'engram-test' });
    expect(Buffer.from(result.bytes).toString()).toBe('hello there');
    expect(result).toMatchObject({ status: 200, contentType: 'text/plain; charset=utf-8', finalUrl: `${base}/ok` });
    expect(lastUserAgent).toBe('engram-test');
  });

  it('refuses the same server when private addresses are not allowed', async () => {
    const err = await fetchError(fetchUrl(`${base}/ok`, strict));
    expect(err.transient).toBe(false);
    expect(err.message).toBe(UNREACHABLE_DESTINATION);
    expect(err.diagnosis).toMatch(/blocked/);
  });

  it('refuses hostnames that resolve to private addresses, naming neither in the message', async () => {
    const port = new URL(base).port;
    const err = await fetchError(fetchUrl(`http://localhost:${port}/ok`, strict));
    expect(err.transient).toBe(false);
    expect(err.message).toBe(UNREACHABLE_DESTINATION);
    expect(err.diagnosis).toMatch(/blocked destination localhost: loopback address 127\.0\.0\.1/);
  });

  it('answers a name that does not resolve exactly like a refused one', async () => {
    const err = await fetchError(fetchUrl('http://no-such-host.invalid/', strict));
    expect(err.message).toBe(UNREACHABLE_DESTINATION);
    expect(err.diagnosis).toMatch(/no-such-host\.invalid/);
  });

  it.each([
    'http://127.0.0.1/',
    'http://10.0.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://0x7f000001/',
    'http://0.0.0.0/',
  ])('refuses the literal address in %s', async (url) => {
    const err = await fetchError(fetchUrl(url, strict));
    expect(err.transient).toBe(false);
    expect(err.message).toBe(UNREACHABLE_DESTINATION);
    expect(err.diagnosis).toMatch(/blocked/);
  });

  it('refuses cloud metadata even with allowPrivate', async () => {
    const err = await fetchError(fetchUrl('http://169.254.169.254/', open));
    expect(err.message).toBe(UNREACHABLE_DESTINATION);
    expect(err.diagnosis).toMatch(/metadata/);
  });

  it.each(['ftp://example.com/file', 'file:///etc/passwd', 'not a url', 'http://user:pw@example.com/'])('refuses %s permanently', async (url) => {
    const err = await fetchError(fetchUrl(url, open));
    expect(err.transient).toBe(false);
  });

  it('follows up to maxRedirects hops', async () => {
    const result = await fetchUrl(`${base}/r/5`, open);
    expect(result.finalUrl).toBe(`${base}/ok`);
    expect(Buffer.from(result.bytes).toString()).toBe('hello there');
  });

  it('refuses one redirect too many', async () => {
    const err = await fetchError(fetchUrl(`${base}/r/6`, open));
    expect(err.transient).toBe(false);
    expect(err.message).toMatch(/too many redirects/);
    await expect(fetchUrl(`${base}/r/2`, { ...open, maxRedirects: 2 })).resolves.toMatchObject({ status: 200 });
    await expect(fetchUrl(`${base}/r/3`, { ...open, maxRedirects: 2 })).rejects.toThrow(/too many redirects/);
  });

  it('re-validates every redirect target', async () => {
    const target = encodeURIComponent('ftp://example.com/');
    const err = await fetchError(fetchUrl(`${base}/to?target=${target}`, open));
    expect(err.message).toMatch(/scheme/);
  });

  it('rejects a declared content-length over the cap without reading the body', async () => {
    const err = await fetchError(fetchUrl(`${base}/big-declared`, { ...open, maxBytes: 1000 }));
    expect(err.transient).toBe(false);
    expect(err.message).toMatch(/too large/);
  });

  it('aborts a streamed body once it passes the cap', async () => {
    const err = await fetchError(fetchUrl(`${base}/big-stream`, { ...open, maxBytes: 100_000 }));
    expect(err.transient).toBe(false);
    expect(err.message).toMatch(/too large/);
  });

  it.each([503, 500, 429, 408])('treats HTTP %i as transient', async (status) => {
    const err = await fetchError(fetchUrl(`${base}/status/${status}`, open));
    expect(err.transient).toBe(true);
    expect(err.message).toBe(`HTTP ${status}`);
  });

  it.each([404, 403, 410])('treats HTTP %i as permanent', async (status) => {
    const err = await fetchError(fetchUrl(`${base}/status/${status}`, open));
    expect(err.transient).toBe(false);
  });

  it('treats a refused connection as transient', async () => {
    const { server: gone, base: goneBase } = await listen(() => undefined);
    await close(gone);
    const err = await fetchError(fetchUrl(`${goneBase}/`, open));
    expect(err.transient).toBe(true);
    expect(err.message).toBe(UNREACHABLE_DESTINATION);
    expect(err.diagnosis).toMatch(/ECONNREFUSED/);
  });
});

describe('fetchUrl timeout', () => {
  it('gives up on a server that never answers', async () => {
    const { server, base } = await listen(() => undefined);
    try {
      const started = Date.now();
      const err = await fetchError(fetchUrl(`${base}/`, { ...open, timeoutMs: 150 }));
      expect(err.transient).toBe(true);
      expect(err.message).toMatch(/timed out/);
      expect(Date.now() - started).toBeLessThan(4_000);
    } finally {
      await close(server);
    }
  });
});
