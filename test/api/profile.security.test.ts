import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/errors.js';
import { seedMemory } from '../helpers/memories.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('profile: authorization and isolation', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MAX: '1000' });
    await seedMemory(server, { memory: 'Sam is a nurse in Denver', containerTag: 'profile_sam', isStatic: true });
    const { findOrgByName } = await import('../../src/store/keys.js');
    await server.app.profiles.refresh((await findOrgByName(server.app.database.db, 'default'))!.id, 'profile_sam');
    expect((await server.request('POST', '/v4/profile', { body: { containerTag: 'profile_sam' } })).body.profile.static).toEqual(['Sam is a nurse in Denver']);
  });
  afterAll(async () => server?.close());

  it('keeps profiles apart between tags and organizations', async () => {
    const other = await server.createKey({ orgName: 'profile-other' });
    const res = await server.request('POST', '/v4/profile', { key: other, body: { containerTag: 'profile_sam' } });
    expect(res.body.profile.static).toEqual([]);
    const otherTag = await server.request('POST', '/v4/profile', { body: { containerTag: 'profile_someone_else' } });
    expect(otherTag.body.profile.static).toEqual([]);
  });

  it('answers 401 without a valid key', async () => {
    for (const key of [null, 'em_not_a_real_key']) {
      expectError(await server.request('POST', '/v4/profile', { key, body: { containerTag: 'profile_sam' } }), 401);
      expectError(await server.request('POST', '/v4/profile/buckets', { key, body: { containerTag: 'profile_sam' } }), 401);
    }
  });

  it('lets a read-only key read, and keeps a scoped key to its own tags', async () => {
    const readOnly = await server.createKey({ permission: 'read' });
    expect((await server.request('POST', '/v4/profile', { key: readOnly, body: { containerTag: 'profile_sam' } })).body.profile.static).toEqual([
      'Sam is a nurse in Denver',
    ]);
    const scoped = await server.createKey({ containerTags: ['profile_mine'], permission: 'read' });
    expectError(await server.request('POST', '/v4/profile', { key: scoped, body: { containerTag: 'profile_sam' } }), 403);
    expectError(await server.request('POST', '/v4/profile', { key: scoped, body: { containerTag: 'profile_sam', q: 'nurse' } }), 403);
    expectError(await server.request('POST', '/v4/profile/buckets', { key: scoped, body: { containerTag: 'profile_sam' } }), 403);
    expect((await server.request('POST', '/v4/profile', { key: scoped, body: { containerTag: 'profile_mine' } })).body.profile.static).toEqual([]);
  });
});
