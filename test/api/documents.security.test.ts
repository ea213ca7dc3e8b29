import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, waitForDocument, type TestServer } from '../helpers/server.js';

describe('documents: auth and isolation', () => {
  let server: TestServer;
  let orgAKey: string;
  let orgBKey: string;
  let readOnlyKey: string;
  let docA: string;

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MAX: '1000' });
    orgAKey = await server.createKey({ orgName: 'org-a', role: 'admin' });
    orgBKey = await server.createKey({ orgName: 'org-b', role: 'admin' });
    readOnlyKey = await server.createKey({ orgName: 'org-a', permission: 'read' });
    docA = (await server.request('POST', '/v3/documents', { key: orgAKey, body: { content: 'Org A secret plans', customId: 'plans', containerTag: 'shared_name' } })).body.id;
    await waitForDocument(server, docA, orgAKey);
  });
  afterAll(async () => server?.close());

  it('answers 401 without a key or with an unknown key, in the error shape', async () => {
    for (const key of [null, 'em_not_a_real_key']) {
      const res = await server.request('GET', `/v3/documents/${docA}`, { key });
      expect(res.status).toBe(401);
      expect(typeof res.body.error).toBe('string');
    }
  });

  it('accepts both Authorization: Bearer and x-api-key', async () => {
    expect((await server.request('GET', `/v3/documents/${docA}`, { key: orgAKey })).status).toBe(200);
    const viaHeader = await server.request('GET', `/v3/documents/${docA}`, { key: null, headers: { 'x-api-key': orgAKey } });
    expect(viaHeader.status).toBe(200);
  });

  it('answers 403 when a read-only key writes, and lets it read', async () => {
    const write = await server.request('POST', '/v3/documents', { key: readOnlyKey, body: { content: 'nope' } });
    expect(write.status).toBe(403);
    expect(typeof write.body.error).toBe('string');
    expect((await server.request('DELETE', `/v3/documents/${docA}`, { key: readOnlyKey })).status).toBe(403);
    expect((await server.request('GET', `/v3/documents/${docA}`, { key: readOnlyKey })).status).toBe(200);
  });

  it("never shows org A's documents to org B", async () => {
    expect((await server.request('GET', `/v3/documents/${docA}`, { key: orgBKey })).status).toBe(404);
    expect((await server.request('GET', '/v3/documents/plans', { key: orgBKey })).status).toBe(404);
    expect((await server.request('GET', `/v3/documents/${docA}/chunks`, { key: orgBKey })).status).toBe(404);
    expect((await server.request('PATCH', `/v3/documents/${docA}`, { key: orgBKey, body: { metadata: { x: 1 } } })).status).toBe(404);
    expect((await server.request('DELETE', `/v3/documents/${docA}`, { key: orgBKey })).status).toBe(404);
    const list = await server.request('POST', '/v3/documents/list', { key: orgBKey, body: { containerTags: ['shared_name'] } });
    expect(list.body.totalCount).toBe(0);
    const bulk = await server.request('DELETE', '/v3/documents/bulk', { key: orgBKey, body: { containerTags: ['shared_name'] } });
    expect(bulk.body.deletedCount).toBe(0);
    const processing = await server.request('GET', '/v3/documents/processing', { key: orgBKey });
    expect(processing.body.documents.find((d: { id: string }) => d.id === docA)).toBeUndefined();
    expect((await server.request('GET', `/v3/documents/${docA}`, { key: orgAKey })).status).toBe(200);
  });

  it('lets org B use the same customId and container tag without touching org A', async () => {
    const b = await server.request('POST', '/v3/documents', { key: orgBKey, body: { content: 'Org B plans', customId: 'plans', containerTag: 'shared_name' } });
    expect(b.status).toBe(200);
    expect(b.body.id).not.toBe(docA);
    const a = await server.request('GET', '/v3/documents/plans', { key: orgAKey });
    expect(a.body.id).toBe(docA);
    expect(a.body.content).toContain('Org A');
  });

  it('stores API keys only as hashes', async () => {
    const { queryRows } = await import('../../src/store/database.js');
    const { sql } = await import('drizzle-orm');
    const rows = await queryRows<{ key_hash: string }>(server.app.database.db, sql`select key_hash from api_keys`);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
      expect([orgAKey, orgBKey, readOnlyKey, server.adminKey]).not.toContain(row.key_hash);
    }
  });

  it('answers 429 with retry-after past the rate limit', async () => {
    const limited = await startTestServer({ RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' });
    try {
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 5; i++) {
        last = await limited.request('GET', '/v3/documents/processing');
        statuses.push(last.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      expect(last!.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(typeof last!.body.error).toBe('string');
    } finally {
      await limited.close();
    }
  });

  it('refuses to fetch private addresses unless allowed', async () => {
    const strict = await startTestServer({ ALLOW_PRIVATE_URLS: 'false' });
    try {
      for (const url of ['http://127.0.0.1:1/x', 'http://169.254.169.254/latest/meta-data/', 'http://10.0.0.1/']) {
        const add = await strict.request('POST', '/v3/documents', { body: { content: url } });
        const doc = await waitForDocument(strict, add.body.id);
        expect(doc.status).toBe('failed');
        expect(doc.error).toMatch(/private|not allowed|blocked|refus/i);
      }
    } finally {
      await strict.close();
    }
  });
});
