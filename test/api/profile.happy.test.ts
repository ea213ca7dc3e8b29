import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMemory } from '../helpers/memories.js';
import { startTestServer, waitForDocument, type TestServer } from '../helpers/server.js';

describe('profile: happy paths', () => {
  let server: TestServer;
  let defaultOrgId: string;

  beforeAll(async () => {
    server = await startTestServer();
    const { findOrgByName } = await import('../../src/store/keys.js');
    defaultOrgId = (await findOrgByName(server.app.database.db, 'default'))!.id;
  });
  afterAll(async () => server?.close());

  it('answers empty arrays, never null, for a new tag', async () => {
    const res = await server.request('POST', '/v4/profile', { body: { containerTag: 'brand_new' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ profile: { static: [], dynamic: [], buckets: { preferences: [] } } });
  });

  it('splits durable facts from recent context and hides forgotten, expired and inferred memories', async () => {
    const tag = 'profile_sam';
    await seedMemory(server, { memory: 'Sam is a nurse in Denver', containerTag: tag, isStatic: true, sourceCount: 3, metadata: { area: 'work' } });
    await seedMemory(server, { memory: 'Sam loves hiking', containerTag: tag, isStatic: true, buckets: ['preferences'], metadata: { area: 'hobby' } });
    await seedMemory(server, {
      memory: 'Sam ran a half marathon',
      containerTag: tag,
      temporalContext: { eventDate: ['2024-04-14'] },
      metadata: { area: 'hobby' },
    });
    await seedMemory(server, { memory: 'Sam has an exam tomorrow', containerTag: tag, forgetAfter: new Date(Date.now() - 60_000) });
    await seedMemory(server, { memory: 'Sam used to live in Ohio', containerTag: tag, isForgotten: true, isStatic: true });
    await seedMemory(server, { memory: 'Sam is probably athletic', containerTag: tag, isInference: true });
    await seedMemory(server, {
      memory: 'Sam will travel next week',
      containerTag: tag,
      forgetAfter: new Date(Date.now() + 3_600_000),
      temporalContext: { eventDate: ['2099-01-01'] },
    });
    await server.app.profiles.refresh(defaultOrgId, tag);

    const res = await server.request('POST', '/v4/profile', { body: { containerTag: tag } });
    expect(res.status).toBe(200);
    expect(res.body.profile.static).toEqual(['Sam is a nurse in Denver', 'Sam loves hiking']);
    expect(res.body.profile.dynamic).toEqual(['[2099-01-01] Sam will travel next week', '[2024-04-14] Sam ran a half marathon']);
    expect(res.body.profile.buckets).toEqual({ preferences: ['Sam loves hiking'] });
    expect(res.body.searchResults).toBeUndefined();

    const onlyStatic = await server.request('POST', '/v4/profile', { body: { containerTag: tag, include: ['static'] } });
    expect(onlyStatic.body.profile).toEqual({ static: ['Sam is a nurse in Denver', 'Sam loves hiking'], dynamic: [], buckets: {} });

    const filtered = await server.request('POST', '/v4/profile', {
      body: { containerTag: tag, filters: { AND: [{ key: 'area', value: 'hobby' }] } },
    });
    expect(filtered.body.profile.static).toEqual(['Sam loves hiking']);
    expect(filtered.body.profile.dynamic).toEqual(['[2024-04-14] Sam ran a half marathon']);

    // Seeded rows carry no vectors; a memory written through the API is searchable at once.
    const written = await server.request('POST', '/v4/memories', {
      body: { containerTag: tag, memories: [{ content: 'Sam hikes in the Rockies every weekend' }] },
    });
    expect(written.status).toBe(201);
    const withQuery = await server.request('POST', '/v4/profile', { body: { containerTag: tag, q: 'hikes in the Rockies' } });
    expect(withQuery.body.searchResults).toEqual(expect.objectContaining({ results: expect.any(Array), total: expect.any(Number) }));
    expect(withQuery.body.searchResults.results[0]).toMatchObject({ id: written.body.memories[0].id, memory: 'Sam hikes in the Rockies every weekend' });
    expect(withQuery.body.searchResults.total).toBe(withQuery.body.searchResults.results.length);
  });

  it('finds document content that has no memories in searchResults, as /v3/search does', async () => {
    const tag = 'profile_docs_only';
    const added = await server.request('POST', '/v3/documents', {
      body: { containerTag: tag, taskType: 'superrag', content: 'The greenhouse irrigation schedule runs at dawn on weekdays.' },
    });
    expect((await waitForDocument(server, added.body.id)).status).toBe('done');

    const res = await server.request('POST', '/v4/profile', { body: { containerTag: tag, q: 'greenhouse irrigation' } });
    expect(res.status).toBe(200);
    expect(res.body.profile).toEqual({ static: [], dynamic: [], buckets: { preferences: [] } });
    expect(res.body.searchResults.results).toHaveLength(1);
    expect(res.body.searchResults.results[0]).toMatchObject({ chunk: expect.stringContaining('greenhouse irrigation'), documentId: added.body.id });
    expect(res.body.searchResults.results[0].memory).toBeUndefined();
  });

  it('lists the buckets that apply to a tag', async () => {
    const res = await server.request('POST', '/v4/profile/buckets', { body: { containerTag: 'any_tag' } });
    expect(res.status).toBe(200);
    expect(res.body.buckets.map((b: { key: string }) => b.key)).toEqual(['preferences']);
  });
});
