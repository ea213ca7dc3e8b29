import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/errors.js';
import { seedMemory } from '../helpers/memories.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('POST /v3/settings/suggest-buckets: authorization and isolation', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MAX: '1000' });
  });
  afterAll(async () => server?.close());

  it('answers 401 without a valid key', async () => {
    for (const key of [null, 'em_not_a_real_key']) expectError(await server.request('POST', '/v3/settings/suggest-buckets', { key }), 401);
  });

  it("suggests from the caller's organization only", async () => {
    for (const memory of ['Ana adopted a puppy', 'Ana walks her dog at dawn', 'Ana paints watercolors', 'Ana plays piano', 'Ana learned guitar']) {
      await seedMemory(server, { memory, containerTag: 'ana' });
    }
    expect((await server.request('POST', '/v3/settings/suggest-buckets')).body.suggestions.map((s: { key: string }) => s.key).slice(0, 2)).toEqual([
      'hobbies',
      'pets',
    ]);
    const other = await server.createKey({ orgName: 'suggest-other' });
    const theirs = await server.request('POST', '/v3/settings/suggest-buckets', { key: other });
    expect(theirs.body.suggestions.map((s: { key: string }) => s.key)).toEqual(['preferences', 'work', 'relationships']);
  });
});
