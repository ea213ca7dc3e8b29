import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, waitFor, type ApiResponse, type TestServer } from '../helpers/server.js';
import { contractRequest, v5Contract, type V5Contract } from '../helpers/v5-contract.js';

/** /namespaces, /ns and /ns/{namespace} against the published contract: the container tags, seen as namespaces. */
describe('v5 namespaces: the published contract', () => {
  let server: TestServer;
  let contract: V5Contract;

  const call = (operationId: string, method: string, path: string, options: { body?: unknown; key?: string } = {}): Promise<ApiResponse> =>
    contractRequest(server, contract, operationId, method, path, options);

  beforeAll(async () => {
    [server, contract] = await Promise.all([startTestServer(), v5Contract()]);
    for (const namespace of ['ns_first', 'ns_second', 'ns_third']) {
      expect((await server.request('POST', `/ns/${namespace}/document`, { body: { content: `A note in ${namespace}.` } })).status).toBe(200);
    }
  });
  afterAll(async () => server?.close());

  it('lists the namespaces, newest first, a page at a time, under both paths', async () => {
    const all = await call('getNamespaces', 'GET', '/namespaces?limit=100');
    const names = all.body.namespaces.map((n: { namespace: string }) => n.namespace);
    expect(names.slice(0, 3)).toEqual(['ns_third', 'ns_second', 'ns_first']);
    expect(all.body.namespaces[0]).toMatchObject({ documentCount: 1, memoryCount: expect.any(Number), description: null });
    const v3 = await server.request('GET', '/v3/container-tags/list');
    expect(all.body.pagination.totalItems).toBe(v3.body.length);
    const page = await call('getNs', 'GET', '/ns?limit=2&page=2');
    expect(page.body.namespaces.map((n: { namespace: string }) => n.namespace)).toEqual(names.slice(2, 4));
    expect(page.body.pagination).toMatchObject({ currentPage: 2, limit: 2 });
  });

  it('lists only a scoped key’s own namespaces', async () => {
    const key = await server.createKey({ containerTags: ['ns_second'], permission: 'read' });
    const res = await call('getNamespaces', 'GET', '/namespaces', { key });
    expect(res.body.namespaces.map((n: { namespace: string }) => n.namespace)).toEqual(['ns_second']);
    expect((await call('getNsByNamespace', 'GET', '/ns/ns_first', { key })).status).toBe(404);
  });

  it('reads and sets the supporting context (the contract’s example), as v3 reads the entityContext', async () => {
    expect((await call('getNsByNamespace', 'GET', '/ns/ns_first')).body).toMatchObject({ namespace: 'ns_first', supportingContext: null });
    const example = contract.exampleBody('patchNsByNamespace');
    const patched = await call('patchNsByNamespace', 'PATCH', '/ns/ns_first', { body: example });
    expect(patched.body).toMatchObject({ namespace: 'ns_first', supportingContext: 'This namespace holds Acme Corp support tickets.' });
    const v3 = await server.request('GET', '/v3/container-tags/ns_first');
    expect(v3.body.entityContext).toBe('This namespace holds Acme Corp support tickets.');
    const cleared = await call('patchNsByNamespace', 'PATCH', '/ns/ns_first', { body: { supportingContext: null } });
    expect(cleared.body.supportingContext).toBeNull();
  });

  it('answers an unknown namespace 404 and bad input with the validation-error shape', async () => {
    expect((await call('getNsByNamespace', 'GET', '/ns/ns_nowhere')).status).toBe(404);
    for (const body of [{ supportingContext: 'x'.repeat(1501) }, { other: 1 }]) {
      const res = await call('patchNsByNamespace', 'PATCH', '/ns/ns_first', { body });
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
    }
    expect((await call('getNamespaces', 'GET', '/namespaces?limit=0')).status).toBe(400);
  });

  it('deletes a namespace with its documents, as v3 deletes the container tag', async () => {
    expect((await server.request('POST', '/ns/ns_gone/document', { body: { id: 'gone', content: 'A note that goes.' } })).status).toBe(200);
    const res = await call('deleteNsByNamespace', 'DELETE', '/ns/ns_gone');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'deleted', namespace: 'ns_gone', deletedDocumentsCount: 1 });
    expect((await call('getNsByNamespace', 'GET', '/ns/ns_gone')).status).toBe(404);
    expect((await server.request('GET', '/ns/ns_gone/document/gone')).status).toBe(404);
    expect((await call('deleteNsByNamespace', 'DELETE', '/ns/ns_gone')).status).toBe(404);
  });

  it('moves a namespace’s content into another with moveTo (a container-tag merge), then it is gone', async () => {
    expect((await server.request('POST', '/ns/ns_move_src/document', { body: { id: 'moved', content: 'A note that moves.' } })).status).toBe(200);
    const res = await call('deleteNsByNamespace', 'DELETE', '/ns/ns_move_src?moveTo=ns_move_dst');
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: 'queued', namespace: 'ns_move_src', moveTo: 'ns_move_dst', operationId: expect.any(String) });
    const merge = await waitFor(
      async () => {
        const follow = await server.request('GET', `/v3/container-tags/merge/${res.body.operationId}`);
        return ['completed', 'failed'].includes(follow.body.status) ? follow.body : undefined;
      },
      30_000,
      'the move to finish',
    );
    expect(merge).toMatchObject({ status: 'completed', sourceTags: ['ns_move_src'], targetTag: 'ns_move_dst' });
    expect((await server.request('GET', '/ns/ns_move_dst/document/moved')).body.content).toBe('A note that moves.');
    expect((await server.request('GET', '/ns/ns_move_src/document/moved')).status).toBe(404);
  });

  it('refuses a delete or move by a non-admin key, into itself, of an unknown namespace, and a bad moveTo', async () => {
    const key = await server.createKey({ containerTags: ['ns_third'], permission: 'write' });
    expect((await call('deleteNsByNamespace', 'DELETE', '/ns/ns_third', { key })).status).toBe(403);
    expect((await call('deleteNsByNamespace', 'DELETE', '/ns/ns_third?moveTo=ns_third')).status).toBe(400);
    expect((await call('deleteNsByNamespace', 'DELETE', '/ns/ns_nowhere?moveTo=ns_third')).status).toBe(404);
    const bad = await call('deleteNsByNamespace', 'DELETE', '/ns/ns_third?moveTo=has.dot');
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
    expect((await call('getNsByNamespace', 'GET', '/ns/ns_third')).status).toBe(200);
  });
});
