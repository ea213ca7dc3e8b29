import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, waitFor, type ApiResponse, type TestServer } from '../helpers/server.js';
import { v5Contract, type V5Contract, contractRequest } from '../helpers/v5-contract.js';

/** DELETE /ns/{namespace}/memories and /memories/semantic against the published contract. */
describe('v5 memories: forgetting, by id and by meaning', () => {
  let server: TestServer;
  let contract: V5Contract;

  const call = (operationId: string, method: string, path: string, body?: unknown): Promise<ApiResponse> =>
    contractRequest(server, contract, operationId, method, path, body === undefined ? {} : { body });

  const liveMemories = async (namespace: string): Promise<{ id: string; memory: string }[]> =>
    (await call('postNsByNamespaceListByType', 'POST', `/ns/${namespace}/list/memories?limit=100`, {})).body.memories;

  async function addDone(namespace: string, id: string, content: string): Promise<void> {
    expect((await server.request('POST', `/ns/${namespace}/document`, { body: { id, content } })).status).toBe(200);
    await waitFor(
      async () => ((await server.request('GET', `/ns/${namespace}/document/${id}`)).body.system.status === 'done' ? true : undefined),
      30_000,
      `${id} to finish`,
    );
  }

  beforeAll(async () => {
    [server, contract] = await Promise.all([startTestServer(), v5Contract()]);
    await addDone('user_123', 'pricing', 'The old pricing plan cost 20 dollars a month. The old pricing plan had no annual discount.');
    await addDone('user_123', 'pets', 'Nadia has a cat named Miso. Nadia walks to work every day.');
  });
  afterAll(async () => server?.close());

  it('forgets by ids, each on its own, reporting the ones it could not', async () => {
    const before = await liveMemories('user_123');
    expect(before.length).toBeGreaterThan(1);
    const victim = before.find((m) => m.memory.includes('Miso')) ?? before[0];
    const res = await call('deleteNsByNamespaceMemories', 'DELETE', '/ns/user_123/memories', { ids: [victim.id, 'mem_abc123'] });
    expect(res.body).toEqual({
      count: 1,
      errors: [{ id: 'mem_abc123', error: expect.any(String) }],
      matches: [{ id: victim.id, memory: victim.memory }],
    });
    expect((await liveMemories('user_123')).map((m) => m.id)).not.toContain(victim.id);
    // Again: already forgotten, so reported.
    const again = await call('deleteNsByNamespaceMemories', 'DELETE', '/ns/user_123/memories', { ids: [victim.id] });
    expect(again.body).toMatchObject({ count: 0, errors: [{ id: victim.id }], matches: [] });
    // Another namespace has none of them.
    const elsewhere = await call('deleteNsByNamespaceMemories', 'DELETE', '/ns/user_other/memories', { ids: [before[1].id] });
    expect(elsewhere.body).toMatchObject({ count: 0, errors: [{ id: before[1].id }] });
  });

  it('previews with dryRun: true and forgets with dryRun: false (the contract’s example query)', async () => {
    const example = contract.exampleBody('deleteNsByNamespaceMemoriesSemantic');
    expect(example).toEqual({ query: 'everything about the old pricing plans', dryRun: true });
    const preview = await call('deleteNsByNamespaceMemoriesSemantic', 'DELETE', '/ns/user_123/memories/semantic', example);
    expect(preview.body.count).toBeGreaterThan(0);
    expect(preview.body.count).toBe(preview.body.matches.length);
    for (const match of preview.body.matches) expect(match.memory).toMatch(/pricing plan/i);
    const live = (await liveMemories('user_123')).map((m) => m.id);
    for (const match of preview.body.matches) expect(live).toContain(match.id);

    const applied = await call('deleteNsByNamespaceMemoriesSemantic', 'DELETE', '/ns/user_123/memories/semantic', { ...example, dryRun: false });
    expect(applied.body.matches.map((m: { id: string }) => m.id).sort()).toEqual(preview.body.matches.map((m: { id: string }) => m.id).sort());
    const after = (await liveMemories('user_123')).map((m) => m.id);
    for (const match of applied.body.matches) expect(after).not.toContain(match.id);
  });

  it('requires dryRun, and answers bad input with the validation-error shape', async () => {
    for (const [operationId, path, body] of [
      ['deleteNsByNamespaceMemoriesSemantic', '/ns/user_123/memories/semantic', { query: 'pricing' }],
      ['deleteNsByNamespaceMemoriesSemantic', '/ns/user_123/memories/semantic', { query: '', dryRun: true }],
      ['deleteNsByNamespaceMemories', '/ns/user_123/memories', { ids: [] }],
    ] as const) {
      const res = await call(operationId, 'DELETE', path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.success).toBe(false);
    }
  });
});
