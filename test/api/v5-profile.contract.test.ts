import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, waitFor, type ApiResponse, type TestServer } from '../helpers/server.js';
import { v5Contract, type V5Contract } from '../helpers/v5-contract.js';

/** POST /ns/{namespace}/profile against the published contract: lines with their memories' ids, as v4 reads the text. */
describe('v5 profile: the published contract', () => {
  let server: TestServer;
  let contract: V5Contract;

  async function profile(namespace: string, body?: unknown): Promise<ApiResponse> {
    const res = await server.request('POST', `/ns/${namespace}/profile`, body === undefined ? {} : { body });
    expect(contract.violations('postNsByNamespaceProfile', { status: res.status, body: res.body }), JSON.stringify(res.body)).toEqual([]);
    return res;
  }

  beforeAll(async () => {
    [server, contract] = await Promise.all([startTestServer(), v5Contract()]);
    const add = await server.request('POST', '/ns/user_alex/document', {
      body: {
        id: 'about',
        content: 'Alex Moreau is a software engineer. Alex lives in Lyon. Alex is training for a marathon this spring.',
        metadata: { region: 'eu-west' },
      },
    });
    expect(add.status).toBe(200);
    await waitFor(
      async () => ((await server.request('GET', '/ns/user_alex/document/about')).body.system.status === 'done' ? true : undefined),
      30_000,
      'the document to finish',
    );
  });
  afterAll(async () => server?.close());

  it('answers each line with the id of the memory it states, the text v4 answers', async () => {
    const v5 = await profile('user_alex');
    const v4 = await server.request('POST', '/v4/profile', { body: { containerTag: 'user_alex' } });
    const lines = [...v5.body.profile.static, ...v5.body.profile.dynamic];
    expect(lines.length).toBeGreaterThan(0);
    expect(v5.body.profile.static.map((line: { memory: string }) => line.memory)).toEqual(v4.body.profile.static);
    expect(v5.body.profile.dynamic.map((line: { memory: string }) => line.memory)).toEqual(v4.body.profile.dynamic);
    const listed = await server.request('POST', '/ns/user_alex/list/memories', { body: {} });
    const ids = new Set(listed.body.memories.map((m: { id: string }) => m.id));
    for (const line of lines) expect(ids.has(line.id), line.memory).toBe(true);
  });

  it('answers the contract’s example request (a filter no memory matches): an empty profile', async () => {
    const res = await profile('user_alex', { filter: { field: 'region', operator: 'eq', value: 'us-west' } });
    expect(res.body.profile).toMatchObject({ static: [], dynamic: [] });
    for (const lines of Object.values(res.body.profile.buckets)) expect(lines).toEqual([]);
  });

  it('answers a namespace with nothing in it, without a body, with an empty profile', async () => {
    const res = await profile('user_nobody');
    expect(res.body.profile).toMatchObject({ static: [], dynamic: [] });
    for (const lines of Object.values(res.body.profile.buckets)) expect(lines).toEqual([]);
  });

  it('names the buckets that apply to the namespace, as v4 lists them', async () => {
    const res = await server.request('GET', '/ns/user_alex/profile/buckets');
    expect(contract.violations('getNsByNamespaceProfileBuckets', { status: res.status, body: res.body })).toEqual([]);
    const v4 = await server.request('POST', '/v4/profile/buckets', { body: { containerTag: 'user_alex' } });
    expect(v4.body.buckets.length).toBeGreaterThan(0);
    expect(res.body).toEqual({
      buckets: Object.fromEntries(v4.body.buckets.map((b: { key: string; description: string }) => [b.key, b.description])),
    });
  });

  it('answers bad input with the validation-error shape', async () => {
    for (const body of [{ buckets: ['Not A Slug'] }, { other: true }]) {
      const res = await profile('user_alex', body);
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
    }
  });
});
