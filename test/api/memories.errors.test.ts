import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type ApiResponse, type TestServer } from '../helpers/server.js';

function expectError(res: ApiResponse, status: number, detailsPattern?: RegExp) {
  expect(res.status).toBe(status);
  expect(typeof res.body.error).toBe('string');
  expect(Object.keys(res.body).every((k) => k === 'error' || k === 'details')).toBe(true);
  if (detailsPattern) expect(res.body.details).toMatch(detailsPattern);
}

describe('POST /v4/memories: bad input and access', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  async function memoryCount(tag: string): Promise<number> {
    const res = await server.request('POST', '/v4/memories/list', { body: { containerTags: [tag], limit: 1 } });
    return res.body.pagination.totalItems;
  }

  const one = [{ content: 'fine' }];
  const cases: [string, unknown, RegExp][] = [
    ['missing containerTag', { memories: one }, /body\.containerTag/],
    ['bad containerTag', { containerTag: 'no spaces', memories: one }, /body\.containerTag/],
    ['missing memories', { containerTag: 't' }, /body\.memories/],
    ['no memories', { containerTag: 't', memories: [] }, /body\.memories/],
    ['101 memories', { containerTag: 't', memories: Array.from({ length: 101 }, () => ({ content: 'x' })) }, /body\.memories/],
    ['empty content', { containerTag: 't', memories: [{ content: '' }] }, /content/],
    ['blank content', { containerTag: 't', memories: [{ content: '   ' }] }, /content/],
    ['content over 10000', { containerTag: 't', memories: [{ content: 'x'.repeat(10_001) }] }, /content/],
    ['content not a string', { containerTag: 't', memories: [{ content: 5 }] }, /content/],
    ['nested metadata', { containerTag: 't', memories: [{ content: 'x', metadata: { a: { b: 1 } } }] }, /metadata/],
    ['isStatic not boolean', { containerTag: 't', memories: [{ content: 'x', isStatic: 'yes' }] }, /isStatic/],
    ['forgetAfter not a date', { containerTag: 't', memories: [{ content: 'x', forgetAfter: 'someday' }] }, /forgetAfter/],
    ['documentDate not a date', { containerTag: 't', memories: [{ content: 'x', temporalContext: { documentDate: 'soon' } }] }, /documentDate/],
  ];

  it.each(cases)('rejects %s with 400 and stores nothing', async (_name, body, details) => {
    const before = await memoryCount('t');
    expectError(await server.request('POST', '/v4/memories', { body }), 400, details);
    expect(await memoryCount('t')).toBe(before);
  });

  it('rejects a body that is not JSON', async () => {
    expectError(await server.request('POST', '/v4/memories', { raw: '{"containerTag":', headers: { 'content-type': 'application/json' } }), 400);
  });

  it('needs a key that may write, in the tag it is scoped to', async () => {
    const body = { containerTag: 'team', memories: one };
    expectError(await server.request('POST', '/v4/memories', { body, key: null }), 401);
    const readOnly = await server.createKey({ permission: 'read' });
    expectError(await server.request('POST', '/v4/memories', { body, key: readOnly }), 403);
    const scoped = await server.createKey({ containerTags: ['mine'] });
    expectError(await server.request('POST', '/v4/memories', { body, key: scoped }), 403);
    expect((await server.request('POST', '/v4/memories', { body: { containerTag: 'mine', memories: one }, key: scoped })).status).toBe(201);
  });
});
