import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/errors.js';
import { seedMemory } from '../helpers/memories.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('memories: authorization and isolation', () => {
  let server: TestServer;
  let otherOrgKey: string;

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MAX: '1000' });
    otherOrgKey = await server.createKey({ orgName: 'memories-other' });
  });
  afterAll(async () => server?.close());

  const one = [{ content: 'fine' }];
  const ABSENT = 'NoSuchMemory0000000000';

  it('needs a key that may write, in the tag it is scoped to', async () => {
    const body = { containerTag: 'team', memories: one };
    expectError(await server.request('POST', '/v4/memories', { body, key: null }), 401);
    const readOnly = await server.createKey({ permission: 'read' });
    expectError(await server.request('POST', '/v4/memories', { body, key: readOnly }), 403);
    const scoped = await server.createKey({ containerTags: ['mine'] });
    expectError(await server.request('POST', '/v4/memories', { body, key: scoped }), 403);
    expect((await server.request('POST', '/v4/memories', { body: { containerTag: 'mine', memories: one }, key: scoped })).status).toBe(201);
  });

  it("keeps other organizations' memories out of reach", async () => {
    const m = await seedMemory(server, { memory: 'Private fact', containerTag: 'iso' });
    const list = await server.request('POST', '/v4/memories/list', { key: otherOrgKey, body: { containerTags: ['iso'] } });
    expect(list.body.memoryEntries).toEqual([]);
    expect((await server.request('DELETE', '/v4/memories', { key: otherOrgKey, body: { containerTag: 'iso', id: m.id } })).status).toBe(404);
    const readOnly = await server.createKey({ permission: 'read' });
    expect((await server.request('DELETE', '/v4/memories', { key: readOnly, body: { containerTag: 'iso', id: m.id } })).status).toBe(403);
  });

  it('answers 401 on every memory route without a valid key', async () => {
    const calls: [string, string, unknown][] = [
      ['POST', '/v4/memories/list', { containerTags: ['iso'] }],
      ['PATCH', '/v4/memories', { containerTag: 'iso', id: ABSENT, newContent: 'x' }],
      ['DELETE', '/v4/memories', { containerTag: 'iso', id: ABSENT }],
      ['POST', '/v4/memories/forget-matching', { containerTag: 'iso', query: 'x' }],
    ];
    for (const key of [null, 'em_not_a_real_key']) {
      for (const [method, path, body] of calls) expectError(await server.request(method, path, { key, body }), 401);
    }
  });

  it("answers another organization's memory exactly as one that does not exist, and changes nothing", async () => {
    const m = await seedMemory(server, { memory: 'Quinn keeps bees', containerTag: 'iso_patch' });
    for (const id of [m.id, ABSENT]) {
      const res = await server.request('PATCH', '/v4/memories', { key: otherOrgKey, body: { containerTag: 'iso_patch', id, newContent: 'Quinn keeps wasps' } });
      expectError(res, 404);
    }
    const matched = await server.request('POST', '/v4/memories/forget-matching', { key: otherOrgKey, body: { containerTag: 'iso_patch', ids: [m.id] } });
    expect(matched.body.count).toBe(0);
    const list = await server.request('POST', '/v4/memories/list', { body: { containerTags: ['iso_patch'] } });
    expect(list.body.memoryEntries).toEqual([expect.objectContaining({ id: m.id, memory: 'Quinn keeps bees', version: 1, isForgotten: false })]);
  });

  it('keeps a scoped key inside its tags: 403 naming another tag, nothing of it under its own', async () => {
    const scoped = await server.createKey({ containerTags: ['scoped_mine'] });
    const theirs = await seedMemory(server, { memory: 'Rowan is allergic to nuts', containerTag: 'scoped_theirs' });
    const mine = await server.request('POST', '/v4/memories', {
      key: scoped,
      body: { containerTag: 'scoped_mine', memories: [{ content: 'Rowan likes tea' }] },
    });
    expect(mine.status).toBe(201);

    expectError(await server.request('POST', '/v4/memories/list', { key: scoped, body: { containerTags: ['scoped_theirs'] } }), 403);
    expectError(await server.request('PATCH', '/v4/memories', { key: scoped, body: { containerTag: 'scoped_theirs', id: theirs.id, newContent: 'x' } }), 403);
    expectError(await server.request('DELETE', '/v4/memories', { key: scoped, body: { containerTag: 'scoped_theirs', id: theirs.id } }), 403);
    expectError(await server.request('POST', '/v4/memories/forget-matching', { key: scoped, body: { containerTag: 'scoped_theirs', ids: [theirs.id] } }), 403);

    for (const id of [theirs.id, ABSENT]) {
      expectError(await server.request('PATCH', '/v4/memories', { key: scoped, body: { containerTag: 'scoped_mine', id, newContent: 'x' } }), 404);
      expectError(await server.request('DELETE', '/v4/memories', { key: scoped, body: { containerTag: 'scoped_mine', id } }), 404);
    }
    const list = await server.request('POST', '/v4/memories/list', { key: scoped, body: { containerTags: ['scoped_mine'] } });
    expect(list.body.memoryEntries.map((m: { id: string }) => m.id)).toEqual([mine.body.memories[0].id]);
    const untouched = await server.request('POST', '/v4/memories/list', { body: { containerTags: ['scoped_theirs'] } });
    expect(untouched.body.memoryEntries).toEqual([expect.objectContaining({ id: theirs.id, version: 1, isForgotten: false })]);
  });
});
