import { request as httpRequest } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, KeyResolver } from '../../src/core/access/keys.js';
import { expectError } from '../helpers/errors.js';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.js';
import { apiKeys } from '../../src/store/schema/api-keys.js';

/** GET from another loopback address than the one the other requests come from. */
function getFrom(localAddress: string, url: string, path: string, key: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}${path}`, { localAddress, headers: { authorization: `Bearer ${key}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('failed authentication is throttled per client address before any key work', () => {
  let server: TestServer;
  const budget = 5;

  beforeAll(async () => {
    server = await startTestServer({ AUTH_FAILURE_MAX: String(budget), AUTH_FAILURE_WINDOW_MS: '3000' });
  });
  afterAll(async () => server?.close());

  it('answers 429 once an address has spent its failure budget, then lets it in again after the window', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < budget + 5; i++) {
      statuses.push((await server.request('GET', '/v3/settings', { key: `em_guess_${i}` })).status);
    }
    expect(statuses).toEqual([...Array(budget).fill(401), ...Array(5).fill(429)]);

    const throttled = await server.request('GET', '/v3/settings', { key: 'em_one_more_guess' });
    expectError(throttled, 429, /retry after \d+ s/);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);

    // Checking a valid key would be the work the throttle saves: it waits like any other.
    expectError(await server.request('GET', '/v3/settings'), 429);
    expectError(await server.request('GET', '/v3/settings', { key: null }), 429);
    // Public routes need no key and stay open.
    expect((await server.request('GET', '/', { key: null })).status).toBe(200);
    // Another address has its own budget.
    expect(await getFrom('127.0.0.2', server.url, '/v3/settings', server.adminKey)).toBe(200);

    await waitFor(async () => (await server.request('GET', '/v3/settings')).status === 200 || undefined, 10_000, 'the window to end');
  });

  it('counts only failures: valid keys and missing keys spend nothing', async () => {
    for (let i = 0; i < budget * 3; i++) {
      expect((await server.request('GET', '/v3/settings')).status).toBe(200);
      expect((await server.request('GET', '/v3/settings', { key: null })).status).toBe(401);
    }
  });
});

describe('the API key cache', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  async function deleteKeyRow(id: string): Promise<void> {
    await server.app.database.db.delete(apiKeys).where(eq(apiKeys.id, id));
  }

  it('keeps known keys through any number of misses, and drops the least recently used past its size', async () => {
    const db = server.app.database.db;
    const frozen = new Date();
    const resolver = new KeyResolver(db, { now: () => frozen }, { cacheSize: 2 });
    const made = await Promise.all([1, 2, 3].map((i) => createApiKey(db, { name: `cached ${i}` })));
    for (const { key } of made) expect(await resolver.resolve(key)).not.toBeNull();
    // Only the cache can answer from here on.
    for (const { row } of made) await deleteKeyRow(row.id);

    for (let i = 0; i < 1200; i++) expect(await resolver.resolve(`em_miss_${i}`)).toBeNull();
    expect(await resolver.resolve(made[2].key)).not.toBeNull();
    expect(await resolver.resolve(made[1].key)).not.toBeNull();
    expect(await resolver.resolve(made[0].key)).toBeNull();
  });
});
