import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, waitForDocument, type TestServer } from '../helpers/server.js';

describe('POST /v3/documents/batch: happy paths', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('adds a batch with shared defaults and per-item overrides', async () => {
    const res = await server.request('POST', '/v3/documents/batch', {
      body: {
        containerTag: 'batch_tag',
        metadata: { kind: 'batch' },
        documents: ['first plain string document', { content: 'second document', customId: 'b2', metadata: { kind: 'own' } }],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(2);
    expect(res.body.failed).toBe(0);
    const [a, b] = await Promise.all(res.body.results.map((r: { id: string }) => waitForDocument(server, r.id)));
    expect(a.containerTag).toBe('batch_tag');
    expect(a.metadata).toEqual({ kind: 'batch' });
    expect(b.customId).toBe('b2');
    expect(b.metadata).toEqual({ kind: 'own' });
  });
});
