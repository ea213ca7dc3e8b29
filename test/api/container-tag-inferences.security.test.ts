import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/errors.js';
import { seedMemory } from '../helpers/memories.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('inferred memories of a container tag: authorization and isolation', () => {
  let server: TestServer;
  let inferred: string;
  const TAG = 'infer_sec';

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MAX: '1000' });
    const a = await seedMemory(server, { memory: 'Kai swims at six', containerTag: TAG });
    inferred = (await seedMemory(server, { memory: 'Kai is a morning person', containerTag: TAG, isInference: true, relations: { [a.id]: 'derives' } })).id;
  });
  afterAll(async () => server?.close());

  const review = (key: string | null | undefined, tag = TAG, id = inferred) =>
    server.request('POST', `/v3/container-tags/${tag}/inferred/${id}/review`, { key, body: { action: 'approve' } });
  const stillUnreviewed = async () => {
    const list = await server.request('GET', `/v3/container-tags/${TAG}/inferred`);
    expect(list.body).toMatchObject({ total: 1, memories: [{ id: inferred }] });
  };

  it('answers 401 without a valid key', async () => {
    for (const key of [null, 'em_not_a_real_key']) {
      expectError(await server.request('GET', `/v3/container-tags/${TAG}/inferred`, { key }), 401);
      expectError(await review(key), 401);
    }
    await stillUnreviewed();
  });

  it('lets a read-only key list but not review', async () => {
    const readOnly = await server.createKey({ permission: 'read' });
    expect((await server.request('GET', `/v3/container-tags/${TAG}/inferred`, { key: readOnly })).body.total).toBe(1);
    expectError(await review(readOnly), 403);
    await stillUnreviewed();
  });

  it("shows another organization nothing of this one's inferences, and answers its review as absent", async () => {
    const other = await server.createKey({ orgName: 'infer-other', role: 'admin' });
    expect((await server.request('GET', `/v3/container-tags/${TAG}/inferred`, { key: other })).body).toEqual({ memories: [], total: 0 });
    const absent = await review(other, TAG, 'NoSuchMemory0000000000');
    expectError(absent, 404);
    const theirs = await review(other);
    expect({ status: theirs.status, body: theirs.body }).toEqual({ status: absent.status, body: absent.body });
    await stillUnreviewed();
  });

  it('lets a scoped key list and review in its own tag, and answers it for another tag what an unknown tag answers', async () => {
    const outsider = await server.createKey({ containerTags: ['infer_elsewhere'] });
    const unknownList = await server.request('GET', '/v3/container-tags/infer_unknown/inferred', { key: outsider });
    const outsideList = await server.request('GET', `/v3/container-tags/${TAG}/inferred`, { key: outsider });
    expect(outsideList.body).toEqual({ memories: [], total: 0 });
    expect({ status: outsideList.status, body: outsideList.body }).toEqual({ status: unknownList.status, body: unknownList.body });
    const unknownReview = await review(outsider, 'infer_unknown');
    expectError(unknownReview, 404);
    const outsideReview = await review(outsider);
    expect({ status: outsideReview.status, body: outsideReview.body }).toEqual({ status: unknownReview.status, body: unknownReview.body });
    await stillUnreviewed();

    const owner = await server.createKey({ containerTags: [TAG], permission: 'write' });
    expect((await server.request('GET', `/v3/container-tags/${TAG}/inferred`, { key: owner })).body).toMatchObject({ total: 1, memories: [{ id: inferred }] });
    expect((await review(owner)).body).toMatchObject({ id: inferred, isInference: false, reviewStatus: 'approved' });
  });
});
