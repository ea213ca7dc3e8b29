import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGitHub } from '../fakes/github/index.js';
import { FakeWebsite, htmlPage } from '../fakes/website.js';
import { authorize, codeHostEnv, waitForRuns, waitForSourceDocuments } from '../helpers/connections.js';
import { startTestServer, waitFor, type ApiResponse, type TestServer } from '../helpers/server.js';
import { contractRequest, v5Contract, type V5Contract } from '../helpers/v5-contract.js';

/**
 * /connectors and /ns/{namespace}/connectors/… against the published contract: the v3 connections
 * seen as connectors of a namespace. The web crawler (against a local site) needs no authorization;
 * the code host (against the fake GitHub) shows a pending connector and its authorization link.
 */
describe('v5 connectors: the published contract', () => {
  let site: FakeWebsite;
  let github: FakeGitHub;
  let server: TestServer;
  let contract: V5Contract;

  const call = (operationId: string, method: string, path: string, options: { body?: unknown; key?: string } = {}): Promise<ApiResponse> =>
    contractRequest(server, contract, operationId, method, path, options);
  const ids = (res: ApiResponse) => res.body.connectors.map((c: { id: string }) => c.id);

  beforeAll(async () => {
    [site, github, contract] = await Promise.all([FakeWebsite.start(), FakeGitHub.start(), v5Contract()]);
    server = await startTestServer({ ...codeHostEnv(github), ALLOW_PRIVATE_URLS: 'false', URL_FETCH_ALLOWED_ADDRESSES: '127.0.0.1' });
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([site?.close(), github?.close()]);
  });

  it('creates a crawler in a namespace, lists, reads, changes, syncs and deletes it, as v3 sees the same connection', async () => {
    const created = await call('postNsByNamespaceConnectors', 'POST', '/ns/v5c_site/connectors', {
      body: { provider: 'web-crawler', config: { startUrl: site.url('/'), crawlDepth: 3 }, documentLimit: 50 },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(String), authUrl: null, authUrlExpiresAt: null });
    const id = created.body.id;

    const v3 = await server.request('GET', `/v3/connections/${id}`);
    expect(v3.body).toMatchObject({ provider: 'web-crawler', containerTag: 'v5c_site', status: 'active', documentLimit: 50 });
    expect(v3.body.metadata).toMatchObject({ startUrl: site.url('/'), maxDepth: 3 });

    const [first] = await waitForRuns(server, id, 1);
    expect(first.status).toBe('completed');
    const docs = await waitForSourceDocuments(server, 'web-crawler', 'v5c_site', first.itemsProcessed);

    const inNamespace = await call('getNsByNamespaceConnectors', 'GET', '/ns/v5c_site/connectors');
    expect(ids(inNamespace)).toEqual([id]);
    expect(inNamespace.body.pagination).toMatchObject({ currentPage: 1, totalItems: 1, totalPages: 1 });
    expect(inNamespace.body.connectors[0]).toMatchObject({
      provider: 'web-crawler',
      status: 'active',
      namespace: 'v5c_site',
      config: { startUrl: site.url('/'), maxDepth: 3 },
      documentLimit: 50,
      documentCount: docs.length,
      lastSync: { status: 'completed', errorCode: null },
      lastSyncedAt: expect.any(String),
    });
    expect(ids(await call('getConnectors', 'GET', '/connectors'))).toContain(id);
    expect(ids(await call('getConnectors', 'GET', '/connectors?provider=github'))).not.toContain(id);
    expect(ids(await call('getConnectors', 'GET', '/connectors?provider=web-crawler'))).toContain(id);

    const read = await call('getNsByNamespaceConnectorsById', 'GET', `/ns/v5c_site/connectors/${id}?include=syncs`);
    expect(read.body.syncs).toHaveLength(1);
    expect(read.body.syncs[0]).toMatchObject({ id: first.id, trigger: 'manual', status: 'completed', itemsProcessed: first.itemsProcessed });
    expect((await call('getNsByNamespaceConnectorsById', 'GET', `/ns/v5c_site/connectors/${id}`)).body.syncs).toBeUndefined();

    const patched = await call('patchNsByNamespaceConnectorsById', 'PATCH', `/ns/v5c_site/connectors/${id}`, { body: { documentLimit: 20 } });
    expect(patched.body).toMatchObject({ id, documentLimit: 20 });
    expect((await server.request('GET', `/v3/connections/${id}`)).body.documentLimit).toBe(20);
    const selection = await call('patchNsByNamespaceConnectorsById', 'PATCH', `/ns/v5c_site/connectors/${id}`, { body: { selection: { repos: ['1'] } } });
    expect(selection.status).toBe(400);

    site.setPage('/about', htmlPage('About us', ['We grow tomatoes and, now, peppers.'], []));
    const synced = await call('postNsByNamespaceConnectorsByIdSync', 'POST', `/ns/v5c_site/connectors/${id}/sync`);
    expect(synced.status).toBe(202);
    expect(synced.body).toEqual({ id, status: 'queued' });
    const [second] = await waitForRuns(server, id, 2);
    expect(second).toMatchObject({ status: 'completed', triggerType: 'manual' });
    const about = docs.find((d: { url: string }) => d.url === site.url('/about'));
    await waitFor(
      async () => ((await server.request('GET', `/v3/documents/${about.id}`)).body.content?.includes('peppers') ? true : undefined),
      30_000,
      'the changed page in the namespace',
    );

    const deleted = await call('deleteNsByNamespaceConnectorsById', 'DELETE', `/ns/v5c_site/connectors/${id}`);
    expect(deleted.body).toEqual({ id, deleted: true });
    expect((await call('getNsByNamespaceConnectorsById', 'GET', `/ns/v5c_site/connectors/${id}`)).status).toBe(404);
    expect((await server.request('GET', `/v3/connections/${id}`)).status).toBe(404);
    expect((await server.request('GET', `/ns/v5c_site/document/${about.id}`)).status).toBe(404);
    expect((await call('deleteNsByNamespaceConnectorsById', 'DELETE', `/ns/v5c_site/connectors/${id}`)).status).toBe(404);
  });

  it('keeps a connector to its namespace, its organization and the namespaces of a scoped key', async () => {
    const created = await call('postNsByNamespaceConnectors', 'POST', '/ns/v5c_kept/connectors', {
      body: { provider: 'web-crawler', config: { startUrl: site.url('/') } },
    });
    const id = created.body.id;
    await waitForRuns(server, id, 1);
    const here = `/ns/v5c_kept/connectors/${id}`;
    const elsewhere = `/ns/v5c_elsewhere/connectors/${id}`;

    expect((await call('getNsByNamespaceConnectorsById', 'GET', elsewhere)).status).toBe(404);
    expect((await call('patchNsByNamespaceConnectorsById', 'PATCH', elsewhere, { body: { documentLimit: 5 } })).status).toBe(404);
    expect((await call('postNsByNamespaceConnectorsByIdSync', 'POST', `${elsewhere}/sync`)).status).toBe(404);
    expect((await call('deleteNsByNamespaceConnectorsById', 'DELETE', elsewhere)).status).toBe(404);
    expect(ids(await call('getNsByNamespaceConnectors', 'GET', '/ns/v5c_elsewhere/connectors'))).toEqual([]);

    const otherOrg = await server.createKey({ orgName: 'other-org' });
    expect((await call('getNsByNamespaceConnectorsById', 'GET', here, { key: otherOrg })).status).toBe(404);
    expect((await call('deleteNsByNamespaceConnectorsById', 'DELETE', here, { key: otherOrg })).status).toBe(404);
    expect(ids(await call('getConnectors', 'GET', '/connectors', { key: otherOrg }))).toEqual([]);

    const scoped = await server.createKey({ containerTags: ['v5c_elsewhere'], permission: 'write' });
    expect((await call('getNsByNamespaceConnectorsById', 'GET', here, { key: scoped })).status).toBe(404);
    expect((await call('postNsByNamespaceConnectorsByIdSync', 'POST', `${here}/sync`, { key: scoped })).status).toBe(404);
    expect(ids(await call('getConnectors', 'GET', '/connectors', { key: scoped }))).toEqual([]);
    expect((await call('getNsByNamespaceConnectors', 'GET', '/ns/v5c_kept/connectors', { key: scoped })).status).toBe(403);
    const outside = await call('postNsByNamespaceConnectors', 'POST', '/ns/v5c_kept/connectors', {
      key: scoped,
      body: { provider: 'web-crawler', config: { startUrl: site.url('/') } },
    });
    expect(outside.status).toBe(403);

    const reader = await server.createKey({ permission: 'read' });
    expect((await call('getNsByNamespaceConnectorsById', 'GET', here, { key: reader })).status).toBe(200);
    expect(ids(await call('getNsByNamespaceConnectors', 'GET', '/ns/v5c_kept/connectors', { key: reader }))).toEqual([id]);
    const refused = [
      await call('postNsByNamespaceConnectors', 'POST', '/ns/v5c_kept/connectors', { key: reader, body: { provider: 'github' } }),
      await call('patchNsByNamespaceConnectorsById', 'PATCH', here, { key: reader, body: { documentLimit: 5 } }),
      await call('postNsByNamespaceConnectorsByIdSync', 'POST', `${here}/sync`, { key: reader }),
      await call('deleteNsByNamespaceConnectorsById', 'DELETE', here, { key: reader }),
    ];
    expect(refused.map((res) => res.status)).toEqual([403, 403, 403, 403]);
    expect((await server.request('GET', `/v3/connections/${id}`)).body.documentLimit).toBeUndefined();

    const kept = await call('deleteNsByNamespaceConnectorsById', 'DELETE', `${here}?deleteDocuments=false`);
    expect(kept.status).toBe(200);
    const left = await server.request('POST', '/v3/documents/list', { body: { source: 'web-crawler', containerTags: ['v5c_kept'], limit: 10 } });
    expect(left.body.memories.length).toBeGreaterThan(0);
  });

  it('answers an OAuth kind with its authorization link: pending and unlisted until authorized, then active', async () => {
    github.createRepo('v5-handbook', { files: { 'README.md': '# Handbook\n\nHow the team works.\n' } });
    const before = Date.now();
    const created = await call('postNsByNamespaceConnectors', 'POST', '/ns/v5c_code/connectors', {
      body: { provider: 'github', redirectUrl: 'https://app.example/connected' },
    });
    expect(created.status).toBe(201);
    const { id, authUrl, authUrlExpiresAt } = created.body;
    expect(new URL(authUrl).origin).toBe(new URL(github.webUrl).origin);
    expect(Date.parse(authUrlExpiresAt)).toBeGreaterThan(before + 50 * 60_000);

    const pending = await call('getNsByNamespaceConnectorsById', 'GET', `/ns/v5c_code/connectors/${id}`);
    expect(pending.body).toMatchObject({ provider: 'github', status: 'pending_authorization', lastSync: null });
    expect(Math.abs(Date.parse(pending.body.authUrlExpiresAt) - Date.parse(authUrlExpiresAt))).toBeLessThan(5_000);
    expect(ids(await call('getNsByNamespaceConnectors', 'GET', '/ns/v5c_code/connectors'))).toEqual([]);
    expect((await call('postNsByNamespaceConnectorsByIdSync', 'POST', `/ns/v5c_code/connectors/${id}/sync`)).status).toBe(400);

    expect((await authorize(authUrl)).status).toBe(302);
    const active = await call('getNsByNamespaceConnectorsById', 'GET', `/ns/v5c_code/connectors/${id}?include=syncs,picker`);
    expect(active.body).toMatchObject({ provider: 'github', status: 'active', capabilities: { selectable: true }, picker: null });
    expect(active.body.authUrlExpiresAt).toBeUndefined();
    expect(ids(await call('getNsByNamespaceConnectors', 'GET', '/ns/v5c_code/connectors?provider=code-host'))).toEqual([id]);
    expect((await server.request('GET', `/v3/connections/${id}`)).body).toMatchObject({ provider: 'code-host', status: 'active' });
    expect((await call('deleteNsByNamespaceConnectorsById', 'DELETE', `/ns/v5c_code/connectors/${id}`)).status).toBe(200);
  });

  it('answers bad input with the validation-error shape', async () => {
    const bad: [string, string, string, unknown?][] = [
      ['postNsByNamespaceConnectors', 'POST', '/ns/v5c_bad/connectors', { provider: 'dropbox' }],
      ['postNsByNamespaceConnectors', 'POST', '/ns/v5c_bad/connectors', { provider: 'web-crawler', documentLimit: 0 }],
      ['postNsByNamespaceConnectors', 'POST', '/ns/v5c_bad/connectors', { provider: 'github', other: 1 }],
      ['postNsByNamespaceConnectors', 'POST', '/ns/has.dot/connectors', { provider: 'github' }],
      ['getNsByNamespaceConnectors', 'GET', '/ns/v5c_bad/connectors?limit=0'],
      ['getConnectors', 'GET', '/connectors?provider=dropbox'],
      ['getNsByNamespaceConnectorsById', 'GET', '/ns/v5c_bad/connectors/x?include=everything'],
      ['patchNsByNamespaceConnectorsById', 'PATCH', '/ns/v5c_bad/connectors/x', { documentLimit: 10_001 }],
      ['patchNsByNamespaceConnectorsById', 'PATCH', '/ns/v5c_bad/connectors/x', { selection: { pages: ['1'] } }],
      ['deleteNsByNamespaceConnectorsById', 'DELETE', '/ns/v5c_bad/connectors/x?deleteDocuments=maybe'],
    ];
    for (const [operationId, method, path, body] of bad) {
      const res = await call(operationId, method, path, body === undefined ? {} : { body });
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body.success, `${method} ${path}`).toBe(false);
    }
    const invalidConfig = await call('postNsByNamespaceConnectors', 'POST', '/ns/v5c_bad/connectors', { body: { provider: 'web-crawler', config: {} } });
    expect(invalidConfig.status).toBe(400);
    expect((await call('postNsByNamespaceConnectorsByIdSync', 'POST', '/ns/v5c_bad/connectors/nothing/sync')).status).toBe(404);
  });
});
