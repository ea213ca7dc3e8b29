import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type ApiResponse, type TestServer } from '../helpers/server.js';

function expectError(res: ApiResponse, status: number, detailsPattern?: RegExp) {
  expect(res.status).toBe(status);
  expect(typeof res.body.error).toBe('string');
  expect(Object.keys(res.body).every((k) => k === 'error' || k === 'details')).toBe(true);
  if (detailsPattern) expect(res.body.details).toMatch(detailsPattern);
}

describe('memories: bad input', () => {
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

  it('PATCH rejects bad input and unknown memories', async () => {
    const cases: [unknown, number][] = [
      [{ containerTag: 'edit_tag', id: 'NoSuchMemory0000000000', newContent: 'x' }, 404],
      [{ containerTag: 'edit_tag', newContent: 'x' }, 400],
      [{ containerTag: 'edit_tag', id: 'a' }, 400],
      [{ containerTag: 'edit_tag', id: 'a', newContent: '   ' }, 400],
      [{ containerTag: 'edit_tag', id: 'a', newContent: 'x', forgetAfter: 'someday' }, 400],
      [{ id: 'a', newContent: 'x' }, 400],
    ];
    for (const [body, status] of cases) {
      const res = await server.request('PATCH', '/v4/memories', { body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(typeof res.body.error).toBe('string');
    }
  });

  it('forget-matching rejects bad input', async () => {
    for (const body of [
      { containerTag: 'x' },
      { containerTag: 'x', query: 'a', ids: ['b'] },
      { containerTag: 'x', query: '' },
      { containerTag: 'x', ids: [] },
      { containerTag: 'x', query: 'a', maxForget: 501 },
      { containerTag: 'x', query: 'a', threshold: 1.5 },
    ]) {
      const res = await server.request('POST', '/v4/memories/forget-matching', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('rejects bad input with 400 and the error shape', async () => {
    const cases: [string, string, unknown][] = [
      ['DELETE', '/v4/memories', { containerTag: 'x' }],
      ['DELETE', '/v4/memories', { id: 'abc' }],
      ['DELETE', '/v4/memories', { containerTag: 'bad tag', id: 'a' }],
      ['POST', '/v4/memories/list', {}],
      ['POST', '/v4/memories/list', { containerTags: ['a'], limit: 5000 }],
      ['POST', '/v4/memories/list', { containerTags: ['a'], filters: { AND: [{ key: 'k' }] } }],
    ];
    for (const [method, path, body] of cases) {
      const res = await server.request(method, path, { body });
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
  });
});
