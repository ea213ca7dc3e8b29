import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectorFailure } from '../../test/helpers/connectors.js';
import { ConnectorError } from './types.js';
import { guardedSync, ProviderHttp, retryAfterSeconds, type ProviderHttpOptions } from './provider-http.js';

let server: Server;
let base: string;
const answers: { status: number; headers?: Record<string, string>; body?: string }[] = [];
let hits = 0;

const options: ProviderHttpOptions = {
  provider: 'the test provider',
  userAgent: 'engram-test',
  timeoutMs: 2_000,
  maxBytes: 64,
  maxRateLimitWaitSeconds: 10,
  retryBaseMs: 1,
  now: () => new Date(),
};
const http = (overrides: Partial<ProviderHttpOptions> = {}) => new ProviderHttp({ ...options, ...overrides }, new AbortController().signal);

beforeAll(async () => {
  server = createServer((req, res) => {
    hits++;
    if (req.url === '/slow') return void setTimeout(() => res.end('late'), 500);
    const answer = answers.shift() ?? { status: 200, body: '{"ok":true}' };
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers }).end(answer.body ?? '{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('provider HTTP', () => {
  it('sends through a given fetch, and ends the call at once with the ConnectorError it throws', async () => {
    hits = 0;
    const sent: string[] = [];
    const through = http({ fetch: (url, init) => (sent.push(url), fetch(url, init)) });
    expect((await through.request(`${base}/given`)).json()).toEqual({ ok: true });
    expect([sent, hits]).toEqual([[`${base}/given`], 1]);
    let calls = 0;
    const refusing = http({
      fetch: async () => {
        calls++;
        throw new ConnectorError('not_allowed', 'refused by policy');
      },
    });
    expect(await connectorFailure(refusing.request(`${base}/x`))).toMatchObject({ code: 'not_allowed' });
    expect(calls).toBe(1);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(retryAfterSeconds(new Headers({ 'retry-after': '7' }), now)).toBe(7);
    expect(retryAfterSeconds(new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:30 GMT' }), now)).toBe(30);
    expect(retryAfterSeconds(new Headers({ 'retry-after': 'soon' }), now)).toBeNull();
    expect(retryAfterSeconds(new Headers(), now)).toBeNull();
  });

  it('waits out a short 429 twice at most, then gives rate_limited with the wait', async () => {
    hits = 0;
    answers.push({ status: 429, headers: { 'retry-after': '1' } }, { status: 200, body: '{"n":1}' });
    expect((await http().request(`${base}/a`)).json()).toEqual({ n: 1 });
    expect(hits).toBe(2);
    answers.push(...Array.from({ length: 3 }, () => ({ status: 429, headers: { 'retry-after': '2' } })));
    expect(await connectorFailure(http().request(`${base}/a`))).toMatchObject({ code: 'rate_limited', retryAfterMs: 2_000 });
    answers.push({ status: 429 }, { status: 429 }, { status: 429 });
    expect(await connectorFailure(http().request(`${base}/a`))).toMatchObject({ code: 'rate_limited', retryAfterMs: 60_000 });
  });

  it('maps 401 to auth_expired, other client errors to internal, and answers allowed statuses', async () => {
    answers.push({ status: 401 }, { status: 403 }, { status: 404, body: '{"gone":true}' });
    expect((await connectorFailure(http().request(`${base}/a`))).code).toBe('auth_expired');
    expect((await connectorFailure(http().request(`${base}/a`))).code).toBe('internal');
    const allowed = await http().request(`${base}/a`, { allow: [404] });
    expect([allowed.status, allowed.json()]).toEqual([404, { gone: true }]);
  });

  it('reports a body over the cap instead of reading it; a call may lower the cap, never raise it', async () => {
    answers.push({ status: 200, body: JSON.stringify({ big: 'x'.repeat(100) }) });
    const answer = await http().request(`${base}/a`);
    expect(answer.tooLarge).toBe(true);
    expect(answer.bytes).toHaveLength(0);
    answers.push({ status: 200, body: JSON.stringify({ big: 'x'.repeat(100) }) });
    expect((await http().request(`${base}/a`, { maxBytes: 1_000_000 })).tooLarge).toBe(true);
    answers.push({ status: 200, body: '{"small":1}' });
    expect((await http().request(`${base}/a`, { maxBytes: 5 })).tooLarge).toBe(true);
  });

  it('gives provider_unavailable after a timeout or an unreachable host, retried', async () => {
    hits = 0;
    expect((await connectorFailure(http({ timeoutMs: 100 }).request(`${base}/slow`))).code).toBe('provider_unavailable');
    expect(hits).toBe(4);
    expect((await connectorFailure(http().request('http://127.0.0.1:9/'))).code).toBe('provider_unavailable');
  });

  it('takes an answer that is not JSON for a passing failure of the provider', async () => {
    answers.push({ status: 200, body: '<html>maintenance</html>' });
    const answer = await http().request(`${base}/a`);
    expect(() => answer.json()).toThrow(ConnectorError);
    expect(() => answer.json()).toThrow(/not JSON/);
  });

  it('turns anything else a sync throws into internal, keeping ConnectorErrors and aborts', async () => {
    const failing = (err: unknown) =>
      (async function* () {
        yield 1;
        throw err;
      })();
    const run = async (err: unknown, signal = new AbortController().signal) => {
      const seen: number[] = [];
      const thrown = await (async () => {
        for await (const n of guardedSync(failing(err), signal, 'the test provider')) seen.push(n);
      })().catch((e: unknown) => e);
      expect(seen).toEqual([1]);
      return thrown;
    };
    expect(await run(new TypeError("Cannot read properties of undefined (reading 'results')"))).toMatchObject({
      code: 'internal',
      message: 'the test provider sync failed',
    });
    const limited = new ConnectorError('rate_limited', 'x', 5);
    expect(await run(limited)).toBe(limited);
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('aborted', 'AbortError');
    expect(await run(abort, controller.signal)).toBe(abort);
  });

  it('passes an abort through as it is', async () => {
    const controller = new AbortController();
    controller.abort();
    const err = await new ProviderHttp(options, controller.signal).request(`${base}/a`).catch((e: unknown) => e);
    expect((err as Error).name).toBe('AbortError');
  });
});
