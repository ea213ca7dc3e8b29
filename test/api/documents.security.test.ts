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
    docA = (
      await server.request('POST', '/v3/documents', { key: orgAKey, body: { content: 'Org A secret plans', customId: 'plans', containerTag: 'shared_name' } })
    ).body.id;
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

  it('takes the chunks along when a document is patched into another tag: the old tag no longer finds them', async () => {
    const oldTagKey = await server.createKey({ orgName: 'org-a', containerTags: ['moving_from'], permission: 'read' });
    const id = (
      await server.request('POST', '/v3/documents', {
        key: orgAKey,
        body: { content: 'The grey heron nests by the quarry lake.', containerTag: 'moving_from' },
      })
    ).body.id;
    await waitForDocument(server, id, orgAKey);
    const found = async (key: string, containerTag: string) => {
      const res = await server.request('POST', '/v3/search', { key, body: { q: 'grey heron quarry lake', containerTag, chunkThreshold: 0 } });
      expect(res.status).toBe(200);
      return res.body.results.map((r: { documentId: string }) => r.documentId);
    };
    expect(await found(oldTagKey, 'moving_from')).toEqual([id]);

    expect((await server.request('PATCH', `/v3/documents/${id}`, { key: orgAKey, body: { containerTag: 'moving_to' } })).status).toBe(200);
    expect(await found(oldTagKey, 'moving_from')).toEqual([]);
    expect(await found(orgAKey, 'moving_to')).toEqual([id]);
    const chunks = await server.request('GET', `/v3/documents/${id}/chunks`, { key: orgAKey });
    expect(chunks.body.chunks.length).toBeGreaterThan(0);
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
    const { queryRows } = await import('../../src/store/sql.js');
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

  it('refuses to fetch private addresses unless allowed, with one reason for refused and unknown hosts alike', async () => {
    const strict = await startTestServer({ ALLOW_PRIVATE_URLS: 'false' });
    try {
      const urls = [
        'http://127.0.0.1:1/x',
        'http://169.254.169.254/latest/meta-data/',
        'http://10.0.0.1/',
        'http://localhost:8080/x',
        `http://no-such-host-${Date.now().toString(36)}.invalid/x`,
      ];
      const errors = new Set<string>();
      for (const url of urls) {
        const add = await strict.request('POST', '/v3/documents', { body: { content: url } });
        const doc = await waitForDocument(strict, add.body.id);
        expect(doc.status).toBe('failed');
        expect(doc.error).toMatch(/not allowed/i);
        errors.add(doc.error!);
      }
      // Telling a refused name from one that does not resolve would map the internal DNS.
      expect(errors.size).toBe(1);
      expect([...errors][0]).not.toMatch(/localhost|127\.0|169\.254|10\.0|no-such-host|loopback|private|metadata|ENOTFOUND|EAI_/i);
    } finally {
      await strict.close();
    }
  });
});

describe('documents: a scoped key is confined before the lookup', () => {
  let server: TestServer;
  let keyA: string;
  let keyB: string;
  let docA: string;
  let fileA: string;
  let memoryA: string;
  const TAG_A = 'tenant_a_7f3c';
  const TAG_B = 'tenant_b_91d2';
  const ABSENT = 'NoSuchDocument00000000';

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MAX: '10000' });
    keyA = await server.createKey({ containerTags: [TAG_A], name: 'tenant a' });
    keyB = await server.createKey({ containerTags: [TAG_B], name: 'tenant b' });
    docA = (await server.request('POST', '/v3/documents', { key: keyA, body: { content: 'Tenant A ledger', customId: 'ledger' } })).body.id;
    await waitForDocument(server, docA, keyA);
    const form = new FormData();
    form.append('file', new Blob(['tenant a attachment']), 'a.txt');
    fileA = (await server.request('POST', '/v3/documents/file', { key: keyA, raw: form })).body.id;
    await waitForDocument(server, fileA, keyA);
    const written = await server.request('POST', '/v4/memories', {
      key: keyA,
      body: { containerTag: TAG_A, memories: [{ content: 'Tenant A pays on the 5th' }] },
    });
    memoryA = written.body.memories[0].id;
  });
  afterAll(async () => server?.close());

  /** Calls `route` as tenant B on A's id (or customId) and on an id nobody has: the answers must be identical. */
  async function expectSameAsAbsent(route: (id: string) => [string, string, unknown?], ids: string[], status = 404) {
    const [method, absentPath, absentBody] = route(ABSENT);
    const absent = await server.request(method, absentPath, { key: keyB, body: absentBody });
    expect(absent.status, `${method} ${absentPath}`).toBe(status);
    for (const id of ids) {
      const [, path, body] = route(id);
      const res = await server.request(method, path, { key: keyB, body });
      expect({ status: res.status, body: res.body }, `${method} ${path}`).toEqual({ status: absent.status, body: absent.body });
    }
  }

  it("answers another tag's id or customId exactly as an id that does not exist, on every lookup", async () => {
    const ids = [docA, 'ledger', fileA];
    await expectSameAsAbsent((id) => ['GET', `/v3/documents/${id}`], ids);
    await expectSameAsAbsent((id) => ['GET', `/v3/memories/${id}`], ids);
    await expectSameAsAbsent((id) => ['GET', `/v3/documents/${id}/chunks`], ids);
    await expectSameAsAbsent((id) => ['GET', `/v3/documents/${id}/file-url`], ids);
    await expectSameAsAbsent((id) => ['PATCH', `/v3/documents/${id}`, { metadata: { touched: true } }], ids);
    await expectSameAsAbsent((id) => ['PATCH', `/v3/memories/${id}`, { content: 'overwritten' }], ids);
    await expectSameAsAbsent((id) => ['DELETE', `/v3/documents/${id}`], ids);
    await expectSameAsAbsent((id) => ['DELETE', `/v3/memories/${id}`], ids);
    // Search names the docId it was given, so only that differs from an absent one.
    const search = await server.request('POST', '/v3/search', { key: keyB, body: { q: 'ledger', docId: docA } });
    expect(search).toMatchObject({ status: 404, body: { error: 'Document not found', details: `docId: ${docA}` } });

    const bulk = await server.request('DELETE', '/v3/documents/bulk', { key: keyB, body: { ids: [docA, 'ledger', ABSENT] } });
    expect(bulk.body).toEqual({
      success: true,
      deletedCount: 0,
      errors: [docA, 'ledger', ABSENT].map((id) => ({ id, error: 'Document not found' })),
    });
    for (const by of ['id', 'customId'] as const) {
      const found = await server.request('POST', '/v3/documents/documents/by-ids', { key: keyB, body: { ids: [docA, 'ledger'], by } });
      expect(found.body).toEqual({ documents: [] });
    }
    expect((await server.request('GET', `/v3/documents/${docA}`, { key: keyA })).body.content).toContain('Tenant A ledger');
  });

  it("answers another tag's memory id exactly as one that does not exist", async () => {
    await expectSameAsAbsent((id) => ['PATCH', '/v4/memories', { containerTag: TAG_B, id, newContent: 'overwritten' }], [memoryA]);
    await expectSameAsAbsent((id) => ['DELETE', '/v4/memories', { containerTag: TAG_B, id }], [memoryA]);
    const matching = await server.request('POST', '/v4/memories/forget-matching', { key: keyB, body: { containerTag: TAG_B, ids: [memoryA] } });
    expect(matching.body).toMatchObject({ count: 0 });
    const listed = await server.request('POST', '/v4/memories/list', { key: keyA, body: { containerTags: [TAG_A] } });
    const entry = listed.body.memoryEntries.find((m: { id: string }) => m.id === memoryA);
    expect(entry).toMatchObject({ memory: 'Tenant A pays on the 5th', isLatest: true, isForgotten: false });
  });

  it('keeps A working by customId after B uses the same customId in its own tag', async () => {
    const b = await server.request('POST', '/v3/documents', { key: keyB, body: { content: 'Tenant B ledger', customId: 'ledger' } });
    expect(b.status).toBe(200);
    await waitForDocument(server, b.body.id, keyB);

    const read = await server.request('GET', '/v3/documents/ledger', { key: keyA });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: docA, containerTag: TAG_A });
    const patched = await server.request('PATCH', '/v3/documents/ledger', { key: keyA, body: { metadata: { quarter: 'q3' } } });
    expect(patched).toMatchObject({ status: 200, body: { id: docA } });
    expect((await server.request('GET', '/v3/documents/ledger', { key: keyB })).body).toMatchObject({ id: b.body.id, containerTag: TAG_B });

    // An org-wide key sees both, so for it the customId is ambiguous until it names a tag.
    const ambiguous = await server.request('GET', '/v3/documents/ledger');
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body.error).toBe('Ambiguous customId');
    expect((await server.request('GET', `/v3/documents/ledger?containerTag=${TAG_B}`)).body.id).toBe(b.body.id);

    const deleted = await server.request('DELETE', '/v3/documents/bulk', { key: keyA, body: { ids: ['ledger'] } });
    expect(deleted.body).toEqual({ success: true, deletedCount: 1 });
    expect((await server.request('GET', `/v3/documents/${docA}`)).status).toBe(404);
    expect((await server.request('GET', '/v3/documents/ledger', { key: keyB })).body.id).toBe(b.body.id);
  });
});
