import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/errors.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('documents: bad input', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ MAX_BODY_BYTES: String(64 * 1024), MAX_FILE_BYTES: String(32 * 1024) });
  });
  afterAll(async () => server?.close());

  async function documentCount(): Promise<number> {
    return (await server.request('POST', '/v3/documents/list', { body: {} })).body.totalCount;
  }

  const badAdds: [string, unknown, RegExp][] = [
    ['missing content', { containerTag: 'x' }, /body\.content/],
    ['empty content', { content: '' }, /body\.content/],
    ['content not a string', { content: 42 }, /body\.content/],
    ['bad containerTag characters', { content: 'x', containerTag: 'has space' }, /body\.containerTag/],
    ['containerTag too long', { content: 'x', containerTag: 'a'.repeat(101) }, /body\.containerTag/],
    ['nested metadata', { content: 'x', metadata: { a: { b: 1 } } }, /body\.metadata/],
    ['bad metadata key', { content: 'x', metadata: { 'bad key!': 1 } }, /body\.metadata/],
    ['unknown taskType', { content: 'x', taskType: 'dream' }, /body\.taskType/],
    ['bad customId', { content: 'x', customId: 'no/slashes' }, /body\.customId/],
    ['entityContext over 1500', { content: 'x', entityContext: 'e'.repeat(1501) }, /body\.entityContext/],
    ['two containerTags', { content: 'x', containerTags: ['a', 'b'] }, /containerTags/],
    ['invalid documentDate', { content: 'x', documentDate: 'not a date' }, /documentDate/],
  ];

  it.each(badAdds)('POST /v3/documents rejects %s with 400 and stores nothing', async (_name, body, details) => {
    const before = await documentCount();
    expectError(await server.request('POST', '/v3/documents', { body }), 400, details);
    expect(await documentCount()).toBe(before);
  });

  it('rejects malformed JSON and a non-object body', async () => {
    expectError(await server.request('POST', '/v3/documents', { raw: '{"content": ', headers: { 'content-type': 'application/json' } }), 400);
    expectError(await server.request('POST', '/v3/documents', { body: ['content'] }), 400);
    expectError(
      await server.request('POST', '/v3/documents', { raw: '{"__proto__": {"x": 1}, "content": "a"}', headers: { 'content-type': 'application/json' } }),
      400,
    );
  });

  it('answers 413 for bodies over the limit', async () => {
    const before = await documentCount();
    expectError(await server.request('POST', '/v3/documents', { body: { content: 'x'.repeat(70 * 1024) } }), 413);
    expect(await documentCount()).toBe(before);
  });

  it('rejects bad list parameters and filters', async () => {
    const cases: unknown[] = [
      { limit: 0 },
      { limit: 1101 },
      { page: 0 },
      { sort: 'title' },
      { order: 'up' },
      { filters: '{broken' },
      { filters: { AND: [{ key: 'a' }] } },
      { filters: { XOR: [] } },
      { filters: { AND: [{ key: 'n', value: 'abc', filterType: 'numeric' }] } },
      { filters: { AND: [{ key: 'n', value: '1', filterType: 'regex' }] } },
      { filters: { AND: [{ AND: [{ AND: [{ AND: [{ AND: [{ key: 'deep', value: 'x' }] }] }] }] }] } },
    ];
    for (const body of cases) {
      const res = await server.request('POST', '/v3/documents/list', { body });
      expectError(res, 400);
    }
  });

  it('answers 404 with the error shape for unknown documents and routes', async () => {
    expectError(await server.request('GET', '/v3/documents/NoSuchDocument00000000'), 404);
    expectError(await server.request('PATCH', '/v3/documents/NoSuchDocument00000000', { body: { metadata: { a: 1 } } }), 404);
    expectError(await server.request('DELETE', '/v3/documents/NoSuchDocument00000000'), 404);
    expectError(await server.request('GET', '/v3/documents/NoSuchDocument00000000/chunks'), 404);
    expectError(await server.request('GET', '/v3/nothing-here'), 404);
  });

  it('rejects a bulk delete with nothing to delete or too many ids', async () => {
    expectError(await server.request('DELETE', '/v3/documents/bulk', { body: {} }), 400);
    expectError(await server.request('DELETE', '/v3/documents/bulk'), 400);
    expectError(await server.request('DELETE', '/v3/documents/bulk', { body: { ids: Array(101).fill('a') } }), 400, /ids/);
  });

  it('answers 409 with x-should-retry false when a customId is taken by another document', async () => {
    await server.request('POST', '/v3/documents', { body: { content: 'first', customId: 'taken', containerTag: 'c409' } });
    const other = await server.request('POST', '/v3/documents', { body: { content: 'second', containerTag: 'c409' } });
    const res = await server.request('PATCH', `/v3/documents/${other.body.id}`, { body: { customId: 'taken' } });
    expectError(res, 409);
    expect(res.headers.get('x-should-retry')).toBe('false');
  });
});
