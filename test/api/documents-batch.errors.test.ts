import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/errors.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('POST /v3/documents/batch: bad input', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  async function documentCount(): Promise<number> {
    return (await server.request('POST', '/v3/documents/list', { body: {} })).body.totalCount;
  }

  it('validates batches as a whole: one bad item rejects all', async () => {
    const before = await documentCount();
    const res = await server.request('POST', '/v3/documents/batch', { body: { documents: ['fine', { content: 'x', containerTag: 'bad tag' }] } });
    expectError(res, 400, /body\.documents\.1/);
    expectError(await server.request('POST', '/v3/documents/batch', { body: { documents: [] } }), 400, /body\.documents/);
    expectError(await server.request('POST', '/v3/documents/batch', { body: { documents: Array(601).fill('x') } }), 400);
    expect(await documentCount()).toBe(before);
  });
});
