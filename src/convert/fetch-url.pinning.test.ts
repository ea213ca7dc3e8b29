import dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FetchError, fetchUrl, UNREACHABLE_DESTINATION } from './fetch-url.js';

// The test server can only live on loopback, so this file treats exactly
// 127.0.0.1 as if it were a public address; every other rule stays real.
vi.mock('./ip-policy.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('./ip-policy.js')>();
  return {
    addressBlockReason: (address: string, allowPrivate: boolean) => (address === '127.0.0.1' ? null : real.addressBlockReason(address, allowPrivate)),
  };
});

type LookupCallback = (err: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void;

/** Serves fake DNS answers for *.example names and defers everything else to the real resolver. */
function fakeDns(answers: Record<string, string[]>): void {
  const realLookup = dns.lookup;
  vi.spyOn(dns, 'lookup').mockImplementation(((hostname: string, options: unknown, callback: LookupCallback) => {
    const fake = answers[hostname];
    if (!fake) return (realLookup as (...args: unknown[]) => void)(hostname, options, callback);
    process.nextTick(() =>
      callback(
        null,
        fake.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      ),
    );
  }) as unknown as typeof dns.lookup);
}

const strict = { allowPrivate: false, maxBytes: 1_000_000, timeoutMs: 5_000 };

describe('fetchUrl destination pinning', () => {
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const url = new URL(req.url!, 'http://x');
      if (url.pathname === '/to') res.writeHead(302, { location: url.searchParams.get('target')! }).end();
      else res.writeHead(200, { 'content-type': 'text/plain' }).end(`host=${req.headers.host}`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterEach(() => vi.restoreAllMocks());
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('connects to the address the guarded lookup vetted', async () => {
    fakeDns({ 'public.example': ['127.0.0.1'] });
    const result = await fetchUrl(`http://public.example:${port}/page`, strict);
    expect(Buffer.from(result.bytes).toString()).toBe(`host=public.example:${port}`);
  });

  it('refuses a name when any of its addresses is private', async () => {
    fakeDns({ 'mixed.example': ['127.0.0.1', '10.0.0.7'] });
    const err = await fetchUrl(`http://mixed.example:${port}/`, strict).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FetchError);
    expect((err as FetchError).transient).toBe(false);
    expect((err as FetchError).message).toBe(UNREACHABLE_DESTINATION);
    expect((err as FetchError).diagnosis).toMatch(/10\.0\.0\.7/);
  });

  it.each(['http://10.0.0.1/', 'http://169.254.169.254/latest/meta-data/', 'http://[::1]/', 'http://internal.example/'])(
    'refuses a redirect to %s',
    async (target) => {
      fakeDns({ 'internal.example': ['192.168.1.20'] });
      const url = `http://127.0.0.1:${port}/to?target=${encodeURIComponent(target)}`;
      const err = await fetchUrl(url, strict).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(FetchError);
      expect((err as FetchError).transient).toBe(false);
      expect((err as FetchError).message).toBe(UNREACHABLE_DESTINATION);
      expect((err as FetchError).diagnosis).toMatch(/blocked/);
    },
  );

  it('follows a redirect to an allowed destination', async () => {
    fakeDns({ 'public.example': ['127.0.0.1'] });
    const target = `http://public.example:${port}/final`;
    const result = await fetchUrl(`http://127.0.0.1:${port}/to?target=${encodeURIComponent(target)}`, strict);
    expect(result.finalUrl).toBe(target);
  });
});
