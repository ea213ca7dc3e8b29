import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMemory } from '../helpers/memories.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('inferred memories of a container tag: happy paths', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('reviews inferred memories: approve, undo, decline, and refuses the unreviewable', async () => {
    const a = await seedMemory(server, { memory: 'Sam runs every morning', containerTag: 'sam' });
    const b = await seedMemory(server, { memory: 'Sam signed up for a marathon', containerTag: 'sam' });
    const inferred = await seedMemory(server, {
      memory: 'Sam is training for an endurance race',
      containerTag: 'sam',
      isInference: true,
      relations: { [a.id]: 'derives', [b.id]: 'derives' },
    });
    const list = await server.request('GET', '/v3/container-tags/sam/inferred');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 1, memories: [{ id: inferred.id, parentCount: 2 }] });

    const path = `/v3/container-tags/sam/inferred/${inferred.id}/review`;
    const approve = await server.request('POST', path, { body: { action: 'approve' } });
    expect(approve.body).toEqual({ id: inferred.id, isInference: false, isForgotten: false, reviewStatus: 'approved' });
    expect((await server.request('GET', '/v3/container-tags/sam/inferred')).body.total).toBe(0);
    expect((await server.request('POST', path, { body: { action: 'approve' } })).status).toBe(409);

    const undo = await server.request('POST', path, { body: { action: 'undo' } });
    expect(undo.body).toEqual({ id: inferred.id, isInference: true, isForgotten: false, reviewStatus: null });
    expect((await server.request('POST', path, { body: { action: 'undo' } })).status).toBe(409);

    const decline = await server.request('POST', path, { body: { action: 'decline' } });
    expect(decline.body).toEqual({ id: inferred.id, isInference: true, isForgotten: true, reviewStatus: 'declined' });

    expect((await server.request('POST', `/v3/container-tags/sam/inferred/${a.id}/review`, { body: { action: 'approve' } })).status).toBe(409);
    expect((await server.request('POST', '/v3/container-tags/sam/inferred/NoSuchMemory0000000000/review', { body: { action: 'approve' } })).status).toBe(404);
    expect((await server.request('GET', '/v3/container-tags/unknown_tag/inferred')).body).toEqual({ memories: [], total: 0 });
  });
});
