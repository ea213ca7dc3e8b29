import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/errors.js';
import { seedMemory } from '../helpers/memories.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('inferred memories of a container tag: bad input', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('rejects bad input with 400 and the error shape', async () => {
    const cases: [string, string, unknown][] = [
      ['POST', '/v3/container-tags/x/inferred/abc/review', { action: 'maybe' }],
      ['POST', '/v3/container-tags/x/inferred/abc/review', {}],
      ['POST', '/v3/container-tags/bad%20tag/inferred/abc/review', { action: 'approve' }],
      ['GET', '/v3/container-tags/bad%20tag/inferred', undefined],
    ];
    for (const [method, path, body] of cases) {
      const res = await server.request(method, path, { body });
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
  });

  it('answers 404 to a review of a memory the tag does not hold, changing nothing', async () => {
    const inferred = await seedMemory(server, { memory: 'Lee probably likes jazz', containerTag: 'infer_a', isInference: true });
    expectError(await server.request('POST', `/v3/container-tags/infer_b/inferred/${inferred.id}/review`, { body: { action: 'approve' } }), 404);
    const list = await server.request('GET', '/v3/container-tags/infer_a/inferred');
    expect(list.body).toMatchObject({ total: 1, memories: [{ id: inferred.id }] });
  });
});
