import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, waitFor, waitForDocument, type ApiResponse, type TestServer } from '../helpers/server.js';
import { v5Contract, type V5Contract, contractRequest } from '../helpers/v5-contract.js';

/**
 * The v5 document operations against the published contract (test/contracts/v5-openapi.json):
 * requests made of the contract's own examples, every answer checked against the published
 * response schema, and a document written through one API read identically through the other.
 */
describe('v5 documents: the published contract', () => {
  let server: TestServer;
  let contract: V5Contract;

  beforeAll(async () => {
    [server, contract] = await Promise.all([startTestServer(), v5Contract()]);
  });
  afterAll(async () => server?.close());

  /** A request whose answer must keep the contract of `operationId`. */
  const call = (operationId: string, method: string, path: string, body?: unknown): Promise<ApiResponse> =>
    contractRequest(server, contract, operationId, method, path, body === undefined ? {} : { body });

  const getDone = (namespace: string, id: string, include = '') =>
    waitFor(
      async () => {
        const res = await call('getNsByNamespaceDocumentById', 'GET', `/ns/${namespace}/document/${id}${include}`);
        return res.body.system.status === 'done' || res.body.system.status === 'failed' ? res.body : undefined;
      },
      30_000,
      `document ${id} to finish`,
    );

  it('adds the contract’s example document under its id and reads it back, with chunks and memories when asked', async () => {
    const example = contract.exampleBody('postNsByNamespaceDocument');
    expect(example).toMatchObject({ content: expect.any(String), id: 'my-doc-123', metadata: { source: 'api-docs' }, date: '2026-01-15' });
    const add = await call('postNsByNamespaceDocument', 'POST', '/ns/user_alex/document', {
      ...example,
      content: 'Priya Raman leads the platform team. She moved to Lisbon in March.',
    });
    expect(add.status).toBe(200);
    expect(add.body).toEqual({ id: 'my-doc-123', status: 'queued' });

    const doc = await getDone('user_alex', 'my-doc-123', '?include=chunks,memories');
    expect(doc).toMatchObject({
      id: 'my-doc-123',
      type: 'text',
      content: 'Priya Raman leads the platform team. She moved to Lisbon in March.',
      metadata: { source: 'api-docs' },
      system: { status: 'done' },
    });
    expect(doc.system.createdAt).toMatch(/Z$/);
    expect(doc.chunks.length).toBeGreaterThan(0);
    expect(doc.chunks[0]).toMatchObject({ position: 0, metadata: expect.any(Object), system: { createdAt: expect.stringMatching(/Z$/) } });
    expect(doc.memories.length).toBeGreaterThan(0);
    for (const memory of doc.memories) expect(memory.metadata).toEqual(expect.any(Object));

    const plain = await call('getNsByNamespaceDocumentById', 'GET', '/ns/user_alex/document/my-doc-123');
    expect(plain.body).not.toHaveProperty('chunks');
    expect(plain.body).not.toHaveProperty('memories');
  });

  it('answers a document without caller id by the id engram gave it, and an empty metadata object', async () => {
    const add = await call('postNsByNamespaceDocument', 'POST', '/ns/user_bo/document', { content: 'Bo keeps bees on the roof.' });
    expect(add.body.id).toMatch(/^[0-9A-Za-z]{22}$/);
    const doc = await getDone('user_bo', add.body.id);
    expect(doc).toMatchObject({ id: add.body.id, metadata: {} });
  });

  it('reads a document written through v3 as v3 reads it, and one written through v5 through v3', async () => {
    const v3 = await server.request('POST', '/v3/documents', {
      body: { content: 'The ferry to Tangier leaves at nine.', containerTag: 'user_cross', customId: 'ferry', metadata: { kind: 'travel', seats: 3 } },
    });
    const v3Doc = await waitForDocument(server, v3.body.id);
    const v5Doc = await getDone('user_cross', 'ferry');
    expect(v5Doc).toEqual({
      id: 'ferry',
      title: v3Doc.title,
      type: v3Doc.type,
      summary: v3Doc.summary,
      content: v3Doc.content,
      metadata: v3Doc.metadata,
      system: { status: v3Doc.status, createdAt: v3Doc.createdAt, updatedAt: v3Doc.updatedAt },
    });
    // Found by the id engram gave it too.
    expect((await call('getNsByNamespaceDocumentById', 'GET', `/ns/user_cross/document/${v3.body.id}`)).body.id).toBe('ferry');

    await call('postNsByNamespaceDocument', 'POST', '/ns/user_cross/document', {
      content: 'The museum opens at ten.',
      id: 'museum',
      metadata: { kind: 'visit' },
    });
    const fromV5 = await getDone('user_cross', 'museum');
    const fromV3 = await server.request('GET', '/v3/documents/museum?containerTag=user_cross');
    expect(fromV3.status).toBe(200);
    expect(fromV3.body).toMatchObject({
      customId: 'museum',
      containerTag: 'user_cross',
      content: fromV5.content,
      metadata: fromV5.metadata,
      status: fromV5.system.status,
      createdAt: fromV5.system.createdAt,
      updatedAt: fromV5.system.updatedAt,
    });
  });

  it('appends to a document when its id is posted again (a conversation whose id is the conversation id)', async () => {
    const turn1 = 'user: I just adopted a greyhound called Pixel.';
    const turn2 = 'user: Pixel sleeps on the red sofa.';
    await call('postNsByNamespaceDocument', 'POST', '/ns/user_chat/document', { content: turn1, id: 'conv-42', metadata: { type: 'conversation' } });
    const first = await getDone('user_chat', 'conv-42', '?include=memories');
    const again = await call('postNsByNamespaceDocument', 'POST', '/ns/user_chat/document', { content: turn2, id: 'conv-42' });
    expect(again.body).toEqual({ id: 'conv-42', status: 'queued' });
    const grown = await getDone('user_chat', 'conv-42', '?include=memories');
    expect(grown.content).toBe(`${turn1}\n\n${turn2}`);
    expect(grown.metadata).toEqual({ type: 'conversation' });
    // What the first turn gave is kept: the second is extracted on its own.
    const firstIds = first.memories.map((m: { id: string }) => m.id);
    expect(grown.memories.map((m: { id: string }) => m.id)).toEqual(expect.arrayContaining(firstIds));

    // The whole transcript sent again, or its last turn again, adds nothing twice.
    await call('postNsByNamespaceDocument', 'POST', '/ns/user_chat/document', { content: `${turn1}\n\n${turn2}`, id: 'conv-42' });
    await call('postNsByNamespaceDocument', 'POST', '/ns/user_chat/document', { content: turn2, id: 'conv-42' });
    expect((await getDone('user_chat', 'conv-42')).content).toBe(`${turn1}\n\n${turn2}`);

    // Through v3, the same customId still replaces the content.
    await server.request('POST', '/v3/documents', { body: { content: 'user: Pixel is three.', containerTag: 'user_chat', customId: 'conv-42' } });
    expect((await getDone('user_chat', 'conv-42')).content).toBe('user: Pixel is three.');
  });

  it('patches with the contract’s example and processes the new content', async () => {
    await call('postNsByNamespaceDocument', 'POST', '/ns/user_123/document', { content: 'Sarah is being promoted to VP of Product.', id: 'chat_session_1' });
    await getDone('user_123', 'chat_session_1');
    const patch = await call('patchNsByNamespaceDocumentById', 'PATCH', '/ns/user_123/document/chat_session_1', {
      content: 'Updated notes — Sarah is now VP of Product.',
      metadata: { type: 'conversation' },
    });
    expect(patch.body).toEqual({ id: 'chat_session_1', status: 'queued' });
    const doc = await getDone('user_123', 'chat_session_1');
    expect(doc).toMatchObject({ content: 'Updated notes — Sarah is now VP of Product.', metadata: { type: 'conversation' } });
  });

  it('finds no document of another namespace: get and patch answer 404, delete reports it per id', async () => {
    await call('postNsByNamespaceDocument', 'POST', '/ns/user_owner/document', { content: 'Owner notes about the garden.', id: 'garden' });
    expect((await call('getNsByNamespaceDocumentById', 'GET', '/ns/user_other/document/garden')).status).toBe(404);
    expect((await call('patchNsByNamespaceDocumentById', 'PATCH', '/ns/user_other/document/garden', { content: 'x' })).status).toBe(404);
    const del = await call('deleteNsByNamespaceDocument', 'DELETE', '/ns/user_other/document', { ids: ['garden'] });
    expect(del.body).toEqual({ count: 0, errors: [{ id: 'garden', error: 'Document not found' }] });
    expect((await call('getNsByNamespaceDocumentById', 'GET', '/ns/user_owner/document/garden')).status).toBe(200);
  });

  it('deletes by ids, each on its own: the found ones go, the missing ones are reported', async () => {
    await call('postNsByNamespaceDocument', 'POST', '/ns/user_del/document', { content: 'First note to delete.', id: 'note-1' });
    await call('postNsByNamespaceDocument', 'POST', '/ns/user_del/document', { content: 'Second note to delete.', id: 'note-2' });
    const del = await call('deleteNsByNamespaceDocument', 'DELETE', '/ns/user_del/document', { ids: ['note-1', 'my-doc-123', 'note-2'] });
    expect(del.body).toEqual({ count: 2, errors: [{ id: 'my-doc-123', error: 'Document not found' }] });
    expect((await call('getNsByNamespaceDocumentById', 'GET', '/ns/user_del/document/note-1')).status).toBe(404);
  });

  it('answers bad input with the published validation-error shape, naming the field', async () => {
    const cases: [string, string, string, unknown][] = [
      ['postNsByNamespaceDocument', 'POST', '/ns/user_alex/document', { id: 'no-content' }],
      ['postNsByNamespaceDocument', 'POST', '/ns/user_alex/document', { content: 'x', unknownField: true }],
      ['postNsByNamespaceDocument', 'POST', '/ns/user.with.dots/document', { content: 'x' }],
      ['deleteNsByNamespaceDocument', 'DELETE', '/ns/user_alex/document', { ids: [] }],
      ['patchNsByNamespaceDocumentById', 'PATCH', '/ns/user_alex/document/my-doc-123', { taskType: 'other' }],
    ];
    for (const [operationId, method, path, body] of cases) {
      const res = await call(operationId, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: [expect.objectContaining({ message: expect.any(String) })] });
    }
    const missing = await call('postNsByNamespaceDocument', 'POST', '/ns/user_alex/document', { id: 'no-content' });
    expect(missing.body.error[0].path).toEqual(['content']);
  });

  it('adds a batch (the contract’s example), appends to an existing id, and reports a refused document on its own, after the accepted ones', async () => {
    const example = {
      documents: [
        { content: 'Q3 roadmap notes', id: 'doc_roadmap' },
        { content: 'Gift policy for VP promotions', id: 'doc_gifts' },
      ],
      dreaming: 'instant',
    };
    const first = await call('postNsByNamespaceDocumentBatch', 'POST', '/ns/user_batch/document/batch', example);
    expect(first.body).toEqual({
      results: [
        { id: 'doc_roadmap', status: 'queued' },
        { id: 'doc_gifts', status: 'queued' },
      ],
      count: 2,
      failed: 0,
    });
    await getDone('user_batch', 'doc_roadmap');
    const second = await call('postNsByNamespaceDocumentBatch', 'POST', '/ns/user_batch/document/batch', {
      documents: [
        { content: 'https://example.com/notes', date: 'not a date' },
        { content: 'Launch moved to October.', id: 'doc_roadmap', metadata: { source: 'batch' } },
        { content: 'An undated note.', id: 'doc_undated', date: 'never' },
        { content: 'A note without an id.' },
      ],
    });
    expect(second.body.count).toBe(2);
    expect(second.body.failed).toBe(2);
    const [appended, plain, ...refused] = second.body.results;
    expect(appended).toEqual({ id: 'doc_roadmap', status: 'queued' });
    expect(plain).toEqual({ id: expect.any(String), status: 'queued' });
    expect(refused).toEqual([
      { id: '', status: 'error', error: 'Invalid documentDate', details: expect.any(String), url: 'https://example.com/notes' },
      { id: 'doc_undated', status: 'error', error: 'Invalid documentDate', details: expect.any(String) },
    ]);
    const roadmap = await getDone('user_batch', 'doc_roadmap');
    expect(roadmap.content).toBe('Q3 roadmap notes\n\nLaunch moved to October.');
    expect(roadmap.metadata).toEqual({ source: 'batch' });
    expect((await call('getNsByNamespaceDocumentById', 'GET', `/ns/user_batch/document/${plain.id}`)).status).toBe(200);
    expect((await call('getNsByNamespaceDocumentById', 'GET', '/ns/user_batch/document/doc_undated')).status).toBe(404);
  });

  it('refuses a batch that is empty, too large or carries unknown fields, with the validation-error shape', async () => {
    const documents = Array.from({ length: 601 }, (_, i) => ({ content: `note ${i}` }));
    for (const body of [{ documents: [] }, { documents }, { documents: [{ content: 'x', other: 1 }] }, { documents: [{ content: '' }] }, {}]) {
      const res = await call('postNsByNamespaceDocumentBatch', 'POST', '/ns/user_batch/document/batch', body);
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
    }
  });
});
