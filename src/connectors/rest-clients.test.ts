import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GoogleApiError, GoogleClient, TooLargeError } from './google/http.js';
import { MeetingsClient } from './meetings/api.js';
import { NotionClient } from './notes-workspace/api.js';
import { GraphClient } from './office-drive/graph.js';
import type { ProviderSettings } from './provider-http.js';
import { S3Client } from './s3/client.js';
import { readSettings } from './s3/config.js';
import { ConnectorError } from './types.js';

/** Every REST adapter's own client, each pointed at one scripted server: one policy for all of them. */

interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

let server: Server;
let base: string;
let script: Answer[] = [];
let hits = 0;
const NOW = new Date('2026-01-01T00:00:00Z');

const settings: ProviderSettings = { userAgent: 'engram-test', timeoutMs: 2_000, maxBytes: 4_096, maxRateLimitWaitSeconds: 10, retryBaseMs: 1, now: () => NOW };
const signal = new AbortController().signal;
const BIG = JSON.stringify({ big: 'x'.repeat(10_000) });

interface Provider {
  name: string;
  /** One JSON read through the adapter's client. */
  read(): Promise<unknown>;
  /** One read of a body past the cap: what the adapter's client makes of it. */
  oversized(): Promise<unknown>;
  expectOversized(outcome: unknown): void;
  /** What an unexplained 403 is for this provider. */
  expectForbidden(outcome: unknown): void;
}

const internal = (outcome: unknown) => expect(outcome).toMatchObject({ code: 'internal' });
const notJson = (outcome: unknown) => expect(outcome).toMatchObject({ code: 'provider_unavailable', message: expect.stringMatching(/not JSON/) });

const providers: Provider[] = [
  {
    name: 'Google (cloud drive, mail)',
    read: () => google().json({ url: `${base}/drive/v3/files` }),
    oversized: () => google().bytes({ url: `${base}/drive/v3/files/f`, query: { alt: 'media' } }, 1_024),
    expectOversized: (outcome) => expect(outcome).toBeInstanceOf(TooLargeError),
    expectForbidden: (outcome) => expect(outcome).toMatchObject({ constructor: GoogleApiError, status: 403, reason: 'forbidden' }),
  },
  {
    name: 'Microsoft Graph (office drive)',
    read: async () => (await graph().json(`/me/drive/root/delta`)).body,
    oversized: () => graph().download('item', 1_024),
    expectOversized: (outcome) => expect(outcome).toBeNull(),
    expectForbidden: internal,
  },
  {
    name: 'Notion (notes workspace)',
    read: () => new NotionClient({ apiUrl: base, http: settings, now: () => NOW }, 'token', signal).get('/users/me'),
    oversized: () => new NotionClient({ apiUrl: base, http: settings, now: () => NOW }, 'token', signal).get('/users/me'),
    expectOversized: notJson,
    expectForbidden: internal,
  },
  {
    name: 'Granola (meetings)',
    read: () => new MeetingsClient({ apiUrl: base, http: settings }, 'key', signal).list(null),
    oversized: () => new MeetingsClient({ apiUrl: base, http: settings }, 'key', signal).note('n1'),
    expectOversized: notJson,
    expectForbidden: internal,
  },
  {
    name: 'S3 (s3)',
    read: async () => {
      const got = await s3().get('notes/a.md', 4_096);
      return got && 'bytes' in got ? JSON.parse(new TextDecoder().decode(got.bytes)) : got;
    },
    oversized: () => s3().get('notes/a.md', 1_024),
    expectOversized: (outcome) => expect(outcome).toEqual({ skipped: 'larger than 1024 bytes' }),
    expectForbidden: internal,
  },
];

function s3(): S3Client {
  const credentials = { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret-access-key' };
  return new S3Client({ http: settings, policy: { allowPrivate: true } }, readSettings({ bucket: 'docs', endpoint: base }), credentials, signal);
}

function google(): GoogleClient {
  const endpoints = { authUrl: base, tokenUrl: base, revokeUrl: base, userinfoUrl: base, certsUrl: base, driveUrl: base, gmailUrl: base, mailWebUrl: base };
  return new GoogleClient({ ...settings, endpoints }, 'token', signal);
}

function graph(): GraphClient {
  return new GraphClient({ graphUrl: base, loginUrl: base, tenant: 'common', http: settings, now: () => NOW }, 'token', signal);
}

/** What a call ended with: its value, or what it threw. */
const outcome = (promise: Promise<unknown>): Promise<unknown> => promise.catch((err: unknown) => err);

const googleError = (status: number, reason: string) => JSON.stringify({ error: { code: status, message: reason, errors: [{ domain: 'global', reason }] } });

function answer(...answers: Answer[]): void {
  script = answers;
  hits = 0;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    hits++;
    req.resume();
    const next = script.shift() ?? { status: 200, body: '{"ok":true}' };
    res.writeHead(next.status, { 'content-type': 'application/json', ...next.headers }).end(next.body ?? '{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe.each(providers)('$name through the provider client', (provider) => {
  it('waits out a 429 with a short Retry-After, and ends the run on a long one with its wait', async () => {
    answer({ status: 429, headers: { 'retry-after': '1' } }, { status: 200, body: '{"ok":true}' });
    expect(await provider.read()).toMatchObject({ ok: true });
    expect(hits).toBe(2);
    answer({ status: 429, headers: { 'retry-after': '3600' } });
    expect(await outcome(provider.read())).toMatchObject({ constructor: ConnectorError, code: 'rate_limited', retryAfterMs: 3_600_000 });
    expect(hits).toBe(1);
  });

  it('reads a Retry-After date against the injected clock', async () => {
    answer({ status: 429, headers: { 'retry-after': 'Thu, 01 Jan 2026 00:10:00 GMT' } });
    expect(await outcome(provider.read())).toMatchObject({ code: 'rate_limited', retryAfterMs: 600_000 });
  });

  it('backs off twice on a 429 without Retry-After, then ends the run asking for a minute', async () => {
    answer({ status: 429 }, { status: 200, body: '{"ok":true}' });
    expect(await provider.read()).toMatchObject({ ok: true });
    answer({ status: 429 }, { status: 429 }, { status: 429 });
    expect(await outcome(provider.read())).toMatchObject({ code: 'rate_limited', retryAfterMs: 60_000 });
    expect(hits).toBe(3);
  });

  it('retries a 5xx three times, then gives provider_unavailable', async () => {
    answer({ status: 503 }, { status: 502 }, { status: 200, body: '{"ok":true}' });
    expect(await provider.read()).toMatchObject({ ok: true });
    answer({ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 });
    expect(await outcome(provider.read())).toMatchObject({ code: 'provider_unavailable' });
    expect(hits).toBe(4);
  });

  it('classifies 401 as auth_expired at once, and a 403 by the provider', async () => {
    answer({ status: 401 });
    expect(await outcome(provider.read())).toMatchObject({ code: 'auth_expired' });
    expect(hits).toBe(1);
    answer({ status: 403, body: googleError(403, 'forbidden') });
    provider.expectForbidden(await outcome(provider.read()));
    expect(hits).toBe(1);
  });

  it('stops reading a body past the cap', async () => {
    answer({ status: 200, body: BIG });
    provider.expectOversized(await outcome(provider.oversized()));
  });
});

describe('Google through the provider client', () => {
  it('takes a 403 with a rate-limit reason for a rate limit, and a missing scope for lost authorization', async () => {
    answer({ status: 403, body: googleError(403, 'userRateLimitExceeded') }, { status: 200, body: '{"ok":true}' });
    expect(await google().json({ url: `${base}/gmail/v1/users/me/profile` })).toEqual({ ok: true });
    expect(hits).toBe(2);
    answer({ status: 403, body: googleError(403, 'insufficientPermissions') });
    expect(await outcome(google().json({ url: `${base}/gmail/v1/users/me/profile` }))).toMatchObject({
      code: 'auth_expired',
      message: expect.stringMatching(/scope/),
    });
  });
});
