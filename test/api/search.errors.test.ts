import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type ApiResponse, type TestServer } from '../helpers/server.js';

function expectError(res: ApiResponse, status: number, detailsPattern?: RegExp) {
  expect(res.status).toBe(status);
  expect(typeof res.body.error).toBe('string');
  expect(Object.keys(res.body).every((k) => k === 'error' || k === 'details')).toBe(true);
  if (detailsPattern) expect(res.body.details).toMatch(detailsPattern);
}

const deep = { AND: [{ AND: [{ AND: [{ AND: [{ AND: [{ key: 'a', value: 'b' }] }] }] }] }] };

describe('search: bad input', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    await server.request('POST', '/v4/memories', { body: { containerTag: 'u', memories: [{ content: 'something to find' }] } });
  });
  afterAll(async () => server?.close());

  const common: [string, Record<string, unknown>, RegExp][] = [
    ['missing q', {}, /body\.q/],
    ['empty q', { q: '' }, /body\.q/],
    ['blank q', { q: '   ' }, /body\.q/],
    ['q not a string', { q: 42 }, /body\.q/],
    ['q over 10000 characters', { q: 'x'.repeat(10_001) }, /body\.q/],
    ['limit 0', { q: 'x', limit: 0 }, /body\.limit/],
    ['limit 101', { q: 'x', limit: 101 }, /body\.limit/],
    ['limit not an integer', { q: 'x', limit: 2.5 }, /body\.limit/],
    ['bad containerTag', { q: 'x', containerTag: 'has space' }, /body\.containerTag/],
    ['containerTags not an array', { q: 'x', containerTags: 'u' }, /body\.containerTags/],
    ['filters not an object', { q: 'x', filters: 5 }, /body\.filters/],
    ['filters with an unknown filterType', { q: 'x', filters: { AND: [{ key: 'a', value: 'b', filterType: 'regex' }] } }, /filters/],
    ['filters with an unknown operator', { q: 'x', filters: { AND: [{ key: 'a', value: '1', filterType: 'numeric', numericOperator: '!=' }] } }, /filters/],
    ['filters with a condition missing its key', { q: 'x', filters: { AND: [{ value: 'b' }] } }, /filters/],
    ['filters with a bad key', { q: 'x', filters: { AND: [{ key: 'a b', value: 'b' }] } }, /filters/],
    ['filters nested deeper than 5 levels', { q: 'x', filters: deep }, /filters/],
    ['filters as a string that is not JSON', { q: 'x', filters: '{AND: [' }, /filters/],
    ['numeric filter on a non-number', { q: 'x', filters: { AND: [{ key: 'a', value: 'many', filterType: 'numeric' }] } }, /numeric/],
    ['explain not a boolean', { q: 'x', explain: 'yes' }, /body\.explain/],
    ['explain as a number', { q: 'x', explain: 1 }, /body\.explain/],
  ];

  const v4Only: [string, Record<string, unknown>, RegExp][] = [
    ['threshold above 1', { q: 'x', threshold: 1.5 }, /body\.threshold/],
    ['threshold below 0', { q: 'x', threshold: -0.1 }, /body\.threshold/],
    ['unknown searchMode', { q: 'x', searchMode: 'everything' }, /body\.searchMode/],
    ['include not an object', { q: 'x', include: 'documents' }, /body\.include/],
    ['include flag not a boolean', { q: 'x', include: { documents: 'yes' } }, /body\.include/],
    ['rerank not a boolean', { q: 'x', rerank: 'true' }, /body\.rerank/],
  ];

  const v3Only: [string, Record<string, unknown>, RegExp][] = [
    ['chunkThreshold above 1', { q: 'x', chunkThreshold: 2 }, /body\.chunkThreshold/],
    ['onlyMatchingChunks not a boolean', { q: 'x', onlyMatchingChunks: 'no' }, /body\.onlyMatchingChunks/],
    ['empty docId', { q: 'x', docId: '' }, /body\.docId/],
  ];

  it.each([...common, ...v4Only])('POST /v4/search rejects %s with 400', async (_name, body, details) => {
    expectError(await server.request('POST', '/v4/search', { body }), 400, details);
  });

  it.each([...common, ...v3Only])('POST /v3/search rejects %s with 400', async (_name, body, details) => {
    expectError(await server.request('POST', '/v3/search', { body }), 400, details);
  });

  it('answers 404 for an unknown docId', async () => {
    expectError(await server.request('POST', '/v3/search', { body: { q: 'x', docId: 'doesNotExist0000000000' } }), 404, /docId/);
  });

  it('rejects a missing or malformed body', async () => {
    expectError(await server.request('POST', '/v4/search', {}), 400);
    expectError(await server.request('POST', '/v4/search', { raw: '{"q": "x"', headers: { 'content-type': 'application/json' } }), 400);
  });

  it('searches fine when every query word is a stop word, or nothing matches', async () => {
    for (const q of ['the of and', 'zyxwvut qqqq']) {
      const res = await server.request('POST', '/v4/search', { body: { q, threshold: 0 } });
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body.results)).toBe(true);
    }
  });

  it('ignores the accepted but unsupported aggregate flag', async () => {
    const res = await server.request('POST', '/v4/search', { body: { q: 'something to find', aggregate: true, threshold: 0 } });
    expect(res.status).toBe(200);
    expect(res.body.results[0].memory).toBe('something to find');
  });
});
