import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMemory } from '../helpers/memories.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('POST /v3/settings/suggest-buckets: happy paths', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MAX: '1000' });
  });
  afterAll(async () => server?.close());

  it('suggests buckets from what the organization’s memories talk about', async () => {
    const key = await server.createKey({ orgName: 'suggest-org' });
    const empty = await server.request('POST', '/v3/settings/suggest-buckets', { key });
    expect(empty.status).toBe(200);
    expect(empty.body.suggestions.map((s: { key: string }) => s.key)).toEqual(['preferences', 'work', 'relationships']);
    for (const memory of ['Ana adopted a puppy', 'Ana walks her dog at dawn', 'Ana paints watercolors', 'Ana plays piano', 'Ana learned guitar']) {
      await seedMemory(server, { memory, containerTag: 'ana' }, { orgName: 'suggest-org' });
    }
    const res = await server.request('POST', '/v3/settings/suggest-buckets', { key });
    expect(res.body.suggestions.map((s: { key: string }) => s.key).slice(0, 2)).toEqual(['hobbies', 'pets']);
  });
});
