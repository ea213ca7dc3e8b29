import { afterAll, beforeAll, describe, it } from 'vitest';
import { expectError } from '../helpers/errors.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('documents with their memories, by ids, and facets: bad input', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('rejects bad input with 400 naming the field', async () => {
    const cases: [string, unknown, RegExp][] = [
      ['/v3/documents/documents', { limit: 101 }, /body\.limit/],
      ['/v3/documents/documents', { limit: 0 }, /body\.limit/],
      ['/v3/documents/documents', { page: 0 }, /body\.page/],
      ['/v3/documents/documents', { sort: 'title' }, /body\.sort/],
      ['/v3/documents/documents', { order: 'up' }, /body\.order/],
      ['/v3/documents/documents', { sources: 'text' }, /body\.sources/],
      ['/v3/documents/documents', { sources: [''] }, /body\.sources/],
      ['/v3/documents/documents', { containerTags: ['bad tag'] }, /body\.containerTags/],
      ['/v3/documents/documents/by-ids', {}, /body\.ids/],
      ['/v3/documents/documents/by-ids', { ids: [] }, /body\.ids/],
      ['/v3/documents/documents/by-ids', { ids: Array(101).fill('a') }, /body\.ids/],
      ['/v3/documents/documents/by-ids', { ids: [''] }, /body\.ids/],
      ['/v3/documents/documents/by-ids', { ids: ['a'], by: 'title' }, /body\.by/],
      ['/v3/documents/documents/by-ids', { ids: ['a'], containerTags: 'x' }, /body\.containerTags/],
      ['/v3/documents/documents/facets', { containerTags: ['bad tag'] }, /body\.containerTags/],
    ];
    for (const [path, body, details] of cases) expectError(await server.request('POST', path, { body }), 400, details);
    expectError(await server.request('POST', '/v3/documents/documents/by-ids', { raw: '{"ids": [', headers: { 'content-type': 'application/json' } }), 400);
  });
});
