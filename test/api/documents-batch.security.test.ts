import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/errors.js';
import { startTestServer, waitForDocument, type TestServer } from '../helpers/server.js';

describe('POST /v3/documents/batch: authorization and isolation', () => {
  let server: TestServer;
  let readOnlyKey: string;
  let scopedKey: string;
  let otherOrgKey: string;

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MAX: '1000' });
    readOnlyKey = await server.createKey({ permission: 'read' });
    scopedKey = await server.createKey({ containerTags: ['batch_scoped'], permission: 'write' });
    otherOrgKey = await server.createKey({ orgName: 'batch-other', role: 'admin' });
  });
  afterAll(async () => server?.close());

  const documentsIn = async (containerTag: string, key?: string) =>
    (await server.request('POST', '/v3/documents/list', { key, body: { containerTags: [containerTag] } })).body.totalCount;

  it('answers 401 without a key or with an unknown one, and 403 to a read-only key, storing nothing', async () => {
    const body = { documents: ['one', 'two'], containerTag: 'batch_denied' };
    for (const key of [null, 'em_not_a_real_key']) expectError(await server.request('POST', '/v3/documents/batch', { key, body }), 401);
    expectError(await server.request('POST', '/v3/documents/batch', { key: readOnlyKey, body }), 403);
    expect(await documentsIn('batch_denied')).toBe(0);
  });

  it('keeps a scoped key inside its tag: its own by default, every item naming another refused on its own', async () => {
    const res = await server.request('POST', '/v3/documents/batch', {
      key: scopedKey,
      body: { documents: ['mine', { content: 'not mine', containerTag: 'batch_elsewhere' }] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: 1, failed: 1 });
    expect(res.body.results[1]).toMatchObject({ id: '', status: 'error' });
    expect((await waitForDocument(server, res.body.results[0].id, scopedKey)).containerTag).toBe('batch_scoped');
    expect(await documentsIn('batch_elsewhere')).toBe(0);

    const refused = await server.request('POST', '/v3/documents/batch', { key: scopedKey, body: { documents: ['x'], containerTag: 'batch_elsewhere' } });
    expect(refused.body).toMatchObject({ success: 0, failed: 1 });
    expect(await documentsIn('batch_elsewhere')).toBe(0);
  });

  it("writes into the caller's organization only", async () => {
    const res = await server.request('POST', '/v3/documents/batch', { key: otherOrgKey, body: { documents: ['theirs'], containerTag: 'batch_shared' } });
    expect(res.body.success).toBe(1);
    await waitForDocument(server, res.body.results[0].id, otherOrgKey);
    expect(await documentsIn('batch_shared')).toBe(0);
    expect(await documentsIn('batch_shared', otherOrgKey)).toBe(1);
    expectError(await server.request('GET', `/v3/documents/${res.body.results[0].id}`), 404);
  });
});
