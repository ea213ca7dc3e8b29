import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, waitFor, type ApiResponse, type TestServer } from '../helpers/server.js';
import { v5Contract, type V5Contract, contractRequest } from '../helpers/v5-contract.js';

/** POST /ns/{namespace}/profile against the published contract: lines with their memories' ids, as v4 reads the text. */
describe('v5 profile: the published contract', () => {
  let server: TestServer;
  let contract: V5Contract;

  const profile = (namespace: string, body?: unknown): Promise<ApiResponse> =>
    contractRequest(server, contract, 'postNsByNamespaceProfile', 'POST', `/ns/${namespace}/profile`, body === undefined ? {} : { body });

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

  it('adds, changes and removes the namespace’s own buckets (the contract’s examples), as v3 keeps the tag’s profileBuckets', async () => {
    const call = async (operationId: string, method: string, body: unknown, key?: string) => {
      const res = await server.request(method, '/ns/user_alex/profile/buckets', { body, ...(key ? { key } : {}) });
      expect(contract.violations(operationId, { status: res.status, body: res.body }), JSON.stringify(res.body)).toEqual([]);
      return res;
    };
    const put = await call('putNsByNamespaceProfileBuckets', 'PUT', contract.exampleBody('putNsByNamespaceProfileBuckets'));
    expect(put.body.buckets).toMatchObject({ interests: 'Topics the subject actively follows' });
    await call('putNsByNamespaceProfileBuckets', 'PUT', { buckets: { goals: 'What the subject aims for', interests: 'What they follow' } });
    const v3 = await server.request('GET', '/v3/container-tags/user_alex');
    expect(v3.body.profileBuckets).toEqual([
      { key: 'interests', description: 'What they follow' },
      { key: 'goals', description: 'What the subject aims for' },
    ]);
    const listed = await server.request('GET', '/ns/user_alex/profile/buckets');
    expect(listed.body.buckets).toMatchObject({ interests: 'What they follow', goals: 'What the subject aims for' });

    const removed = await call('deleteNsByNamespaceProfileBuckets', 'DELETE', { buckets: ['interests', 'never_there'] });
    expect(removed.body.buckets).not.toHaveProperty('interests');
    expect(removed.body.buckets).toHaveProperty('goals');
    expect((await server.request('GET', '/v3/container-tags/user_alex')).body.profileBuckets).toEqual([
      { key: 'goals', description: 'What the subject aims for' },
    ]);
  });

  it('applies every one of changes made at once: none read-modify-writes over another', async () => {
    const names = Array.from({ length: 8 }, (_, i) => `at_once_${i}`);
    const answers = await Promise.all([
      ...names.map((name) => server.request('PUT', '/ns/user_alex/profile/buckets', { body: { buckets: { [name]: `Bucket ${name}` } } })),
      server.request('DELETE', '/ns/user_alex/profile/buckets', { body: { buckets: ['goals'] } }),
    ]);
    expect(answers.map((res) => res.status)).toEqual(answers.map(() => 200));
    const own = (await server.request('GET', '/v3/container-tags/user_alex')).body.profileBuckets.map((b: { key: string }) => b.key);
    expect(own.sort()).toEqual([...names].sort());
  });

  it('leaves the organization’s buckets alone (409), and refuses bad names, an unknown namespace and a read key', async () => {
    expect((await server.request('PATCH', '/v3/settings', { body: { profileBuckets: [{ key: 'work', description: 'Work life' }] } })).status).toBe(200);
    const call = async (operationId: string, method: string, path: string, body: unknown, key?: string) => {
      const res = await server.request(method, path, { body, ...(key ? { key } : {}) });
      expect(contract.violations(operationId, { status: res.status, body: res.body }), JSON.stringify(res.body)).toEqual([]);
      return res.status;
    };
    expect(await call('putNsByNamespaceProfileBuckets', 'PUT', '/ns/user_alex/profile/buckets', { buckets: { work: 'Mine now' } })).toBe(409);
    expect(await call('deleteNsByNamespaceProfileBuckets', 'DELETE', '/ns/user_alex/profile/buckets', { buckets: ['work'] })).toBe(409);
    expect((await server.request('GET', '/ns/user_alex/profile/buckets')).body.buckets.work).toBe('Work life');
    expect(await call('putNsByNamespaceProfileBuckets', 'PUT', '/ns/user_nobody/profile/buckets', { buckets: { hobbies: 'x' } })).toBe(404);
    for (const body of [{ buckets: { 'Not A Slug': 'x' } }, { buckets: { static: 'x' } }, { buckets: { a: 'x'.repeat(2001) } }, {}]) {
      expect(await call('putNsByNamespaceProfileBuckets', 'PUT', '/ns/user_alex/profile/buckets', body), JSON.stringify(body)).toBe(400);
    }
    expect(await call('deleteNsByNamespaceProfileBuckets', 'DELETE', '/ns/user_alex/profile/buckets', { buckets: [] })).toBe(400);
    const key = await server.createKey({ containerTags: ['user_alex'], permission: 'read' });
    expect(await call('putNsByNamespaceProfileBuckets', 'PUT', '/ns/user_alex/profile/buckets', { buckets: { hobbies: 'x' } }, key)).toBe(403);
  });

  it('answers the profile as markdown when asked for (Accept: text/markdown), the lines JSON answers', async () => {
    const json = await profile('user_alex');
    const res = await server.request('POST', '/ns/user_alex/profile', { body: {}, headers: { accept: 'text/markdown' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/markdown/);
    const text: string = res.body;
    expect(text.split('\n')[0]).toBe('# Profile of namespace "user_alex"');
    expect(json.body.profile.static.length).toBeGreaterThan(0);
    for (const line of json.body.profile.static) expect(text).toContain(`- ${line.memory}`);
    const preferred = await profile('user_alex', {});
    expect(preferred.headers.get('content-type')).toMatch(/^application\/json/);
    const both = await server.request('POST', '/ns/user_alex/profile', { body: {}, headers: { accept: 'application/json, text/markdown' } });
    expect(both.body.profile).toBeDefined();
  });
});
