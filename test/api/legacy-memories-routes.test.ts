import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/errors.js';
import { seedMemory } from '../helpers/memories.js';
import { startTestServer, waitForDocument, type TestServer } from '../helpers/server.js';

/** Older clients call `/v3/memories…` for documents and `POST /v3/memories/forget` to forget a memory. */
describe('legacy /v3/memories paths', () => {
  let server: TestServer;
  let otherOrgKey: string;
  let readOnlyKey: string;
  let scopedKey: string;

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MAX: '1000' });
    otherOrgKey = await server.createKey({ orgName: 'legacy-other', role: 'admin' });
    readOnlyKey = await server.createKey({ permission: 'read' });
    scopedKey = await server.createKey({ containerTags: ['legacy_scoped'], permission: 'write' });
  });
  afterAll(async () => server?.close());

  it('adds, reads, updates, lists and deletes documents like the /v3/documents routes', async () => {
    const add = await server.request('POST', '/v3/memories', {
      body: { content: 'Legacy clients still send notes here.', containerTag: 'legacy_tag', customId: 'legacy-1', taskType: 'superrag' },
    });
    expect(add.status).toBe(200);
    expect(add.body).toEqual({ id: expect.any(String), status: 'queued' });
    await waitForDocument(server, add.body.id);

    const legacy = await server.request('GET', `/v3/memories/${add.body.id}`);
    const current = await server.request('GET', `/v3/documents/${add.body.id}`);
    expect(legacy.status).toBe(200);
    expect(legacy.body).toEqual(current.body);
    expect((await server.request('GET', '/v3/memories/legacy-1')).body.id).toBe(add.body.id);

    const patch = await server.request('PATCH', `/v3/memories/${add.body.id}`, { body: { metadata: { origin: 'legacy' } } });
    expect(patch.status).toBe(200);
    expect(patch.body).toEqual({ id: add.body.id, status: 'done' });
    expect((await server.request('GET', `/v3/documents/${add.body.id}`)).body.metadata).toEqual({ origin: 'legacy' });

    const listBody = { containerTags: ['legacy_tag'], limit: 5 };
    const legacyList = await server.request('POST', '/v3/memories/list', { body: listBody });
    expect(legacyList.status).toBe(200);
    expect(legacyList.body).toEqual((await server.request('POST', '/v3/documents/list', { body: listBody })).body);
    expect(legacyList.body.memories.map((d: { id: string }) => d.id)).toEqual([add.body.id]);

    const removed = await server.request('DELETE', `/v3/memories/${add.body.id}`);
    expect(removed.status).toBe(204);
    expectError(await server.request('GET', `/v3/documents/${add.body.id}`), 404);
  });

  it('uploads files on /v3/memories/file', async () => {
    const form = new FormData();
    form.append('file', new Blob(['Uploaded through the legacy path.'], { type: 'text/plain' }), 'legacy.txt');
    form.append('containerTag', 'legacy_files');
    form.append('metadata', JSON.stringify({ kind: 'upload' }));
    const upload = await server.request('POST', '/v3/memories/file', { raw: form });
    expect(upload.status).toBe(200);
    const doc = await waitForDocument(server, upload.body.id);
    expect(doc).toMatchObject({ status: 'done', containerTag: 'legacy_files', metadata: { kind: 'upload' }, title: 'legacy.txt' });
    expect(doc.content).toContain('Uploaded through the legacy path.');
  });

  it('bulk-deletes on DELETE /v3/memories/bulk', async () => {
    const ids: string[] = [];
    for (const content of ['first', 'second']) {
      ids.push((await server.request('POST', '/v3/memories', { body: { content, containerTag: 'legacy_bulk', taskType: 'superrag' } })).body.id);
    }
    const res = await server.request('DELETE', '/v3/memories/bulk', { body: { ids: [ids[0], 'NoSuchDocumentId000000'] } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, deletedCount: 1, errors: [{ id: 'NoSuchDocumentId000000', error: 'Document not found' }] });
    const left = await server.request('POST', '/v3/memories/list', { body: { containerTags: ['legacy_bulk'] } });
    expect(left.body.memories.map((d: { id: string }) => d.id)).toEqual([ids[1]]);
    expectError(await server.request('DELETE', '/v3/memories/bulk', { body: {} }), 400);
  });

  it('forgets a memory on POST /v3/memories/forget like DELETE /v4/memories', async () => {
    const byId = await seedMemory(server, { memory: 'Dentist on Tuesday', containerTag: 'legacy_forget' });
    const res = await server.request('POST', '/v3/memories/forget', { body: { containerTag: 'legacy_forget', id: byId.id, reason: 'done' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: byId.id, forgotten: true });
    const listed = await server.request('POST', '/v4/memories/list', { body: { containerTags: ['legacy_forget'] } });
    expect(listed.body.memoryEntries).toEqual([expect.objectContaining({ id: byId.id, isForgotten: true, forgetReason: 'done' })]);

    const again = await server.request('POST', '/v3/memories/forget', { body: { containerTag: 'legacy_forget', id: byId.id } });
    expectError(again, 409);
    expect(again.headers.get('x-should-retry')).toBe('false');

    const byContent = await seedMemory(server, { memory: 'Likes green tea', containerTag: 'legacy_forget' });
    const forgotten = await server.request('POST', '/v3/memories/forget', { body: { containerTag: 'legacy_forget', content: 'Likes green tea' } });
    expect(forgotten.body).toEqual({ id: byContent.id, forgotten: true });

    expectError(await server.request('POST', '/v3/memories/forget', { body: { containerTag: 'legacy_forget', id: 'NoSuchMemory0000000000' } }), 404);
  });

  it('validates like the routes it aliases, naming the field', async () => {
    expectError(await server.request('POST', '/v3/memories', { body: { containerTag: 'x' } }), 400, /body\.content/);
    expectError(await server.request('POST', '/v3/memories', { body: { content: 'x', containerTag: 'bad tag' } }), 400, /body\.containerTag/);
    expectError(await server.request('POST', '/v3/memories/list', { body: { limit: 0 } }), 400, /body\.limit/);
    expectError(await server.request('PATCH', '/v3/memories/anything', { body: { metadata: { a: { b: 1 } } } }), 400, /body\.metadata/);
    expectError(await server.request('DELETE', '/v3/memories/bulk', { body: { ids: Array(101).fill('a') } }), 400, /ids/);
    expectError(await server.request('POST', '/v3/memories/forget', { body: { id: 'x' } }), 400, /body\.containerTag/);
    expectError(await server.request('POST', '/v3/memories/forget', { body: { containerTag: 'legacy_forget' } }), 400, /id or content/);
    expectError(await server.request('GET', '/v3/memories/NoSuchDocument00000000'), 404);
  });

  it('answers 401 without a key and 403 to a read-only key writing', async () => {
    const calls: [string, string, unknown?][] = [
      ['POST', '/v3/memories', { content: 'x' }],
      ['POST', '/v3/memories/list', {}],
      ['GET', '/v3/memories/anything'],
      ['PATCH', '/v3/memories/anything', { metadata: { a: 1 } }],
      ['DELETE', '/v3/memories/anything'],
      ['DELETE', '/v3/memories/bulk', { ids: ['a'] }],
      ['POST', '/v3/memories/forget', { containerTag: 't', id: 'x' }],
    ];
    for (const [method, path, body] of calls) {
      expectError(await server.request(method, path, { key: null, body }), 401);
    }
    expectError(await server.request('POST', '/v3/memories', { key: readOnlyKey, body: { content: 'x' } }), 403);
    expectError(await server.request('POST', '/v3/memories/forget', { key: readOnlyKey, body: { containerTag: 't', id: 'x' } }), 403);
    expect((await server.request('POST', '/v3/memories/list', { key: readOnlyKey, body: {} })).status).toBe(200);
  });

  it('keeps organizations apart and scoped keys inside their tags', async () => {
    const add = await server.request('POST', '/v3/memories', { body: { content: 'Org secret', containerTag: 'legacy_private', taskType: 'superrag' } });
    expectError(await server.request('GET', `/v3/memories/${add.body.id}`, { key: otherOrgKey }), 404);
    expectError(await server.request('DELETE', `/v3/memories/${add.body.id}`, { key: otherOrgKey }), 404);
    const otherList = await server.request('POST', '/v3/memories/list', { key: otherOrgKey, body: { containerTags: ['legacy_private'] } });
    expect(otherList.body.totalCount).toBe(0);
    const memory = await seedMemory(server, { memory: 'Private fact', containerTag: 'legacy_private' });
    expectError(await server.request('POST', '/v3/memories/forget', { key: otherOrgKey, body: { containerTag: 'legacy_private', id: memory.id } }), 404);

    const own = await server.request('POST', '/v3/memories', { key: scopedKey, body: { content: 'Scoped note', taskType: 'superrag' } });
    expect(own.status).toBe(200);
    expect((await server.request('GET', `/v3/memories/${own.body.id}`, { key: scopedKey })).body.containerTag).toBe('legacy_scoped');
    expectError(await server.request('GET', `/v3/memories/${add.body.id}`, { key: scopedKey }), 404);
    expectError(await server.request('POST', '/v3/memories', { key: scopedKey, body: { content: 'x', containerTag: 'legacy_private' } }), 403);
    expectError(await server.request('POST', '/v3/memories/forget', { key: scopedKey, body: { containerTag: 'legacy_private', id: memory.id } }), 403);
    const scopedList = await server.request('POST', '/v3/memories/list', { key: scopedKey, body: {} });
    expect(scopedList.body.memories.map((d: { id: string }) => d.id)).toEqual([own.body.id]);
  });

  it('lists the legacy paths in the OpenAPI document, marked deprecated', async () => {
    const doc = (await server.request('GET', '/v3/openapi', { key: null })).body;
    expect(doc.paths['/v3/memories'].post.deprecated).toBe(true);
    expect(doc.paths['/v3/memories/file'].post.deprecated).toBe(true);
    expect(doc.paths['/v3/memories/list'].post.deprecated).toBe(true);
    expect(doc.paths['/v3/memories/bulk'].delete.deprecated).toBe(true);
    for (const method of ['get', 'patch', 'delete']) expect(doc.paths['/v3/memories/{id}'][method].deprecated).toBe(true);
    expect(doc.paths['/v3/memories/forget'].post.deprecated).toBe(true);
    expect(doc.paths['/v3/memories/forget'].post.requestBody).toEqual(doc.paths['/v4/memories'].delete.requestBody);
    expect(doc.paths['/v3/memories'].post.requestBody).toEqual(doc.paths['/v3/documents'].post.requestBody);
    expect(doc.paths['/v3/documents'].post.deprecated).toBeUndefined();
    expect(doc.paths['/v4/memories'].delete.deprecated).toBeUndefined();
  });
});
