import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type ApiResponse, type TestServer } from '../helpers/server.js';
import { contractRequest, v5Contract, type V5Contract } from '../helpers/v5-contract.js';

/** GET and PATCH /organization against the published contract: the organization's settings, as /v3/settings keeps them. */
describe('v5 organization: the published contract', () => {
  let server: TestServer;
  let contract: V5Contract;

  const call = (operationId: string, method: string, path: string, options: { body?: unknown; key?: string } = {}): Promise<ApiResponse> =>
    contractRequest(server, contract, operationId, method, path, options);

  beforeAll(async () => {
    [server, contract] = await Promise.all([startTestServer(), v5Contract()]);
    for (const namespace of ['org_one', 'org_two']) {
      expect((await server.request('POST', `/ns/${namespace}/document`, { body: { content: `A note in ${namespace}.` } })).status).toBe(200);
    }
  });
  afterAll(async () => server?.close());

  it('reads the shared context and counts the namespaces as /namespaces lists them', async () => {
    const res = await call('getOrganization', 'GET', '/organization');
    const listed = await server.request('GET', '/namespaces?limit=100');
    expect(res.body).toEqual({ organizationalContext: null, namespaceCount: listed.body.pagination.totalItems });
    expect(res.body.namespaceCount).toBeGreaterThanOrEqual(2);
  });

  it('sets the shared context (the contract’s example) as the settings’ workspacePrompt, and clears it with null', async () => {
    const example = contract.exampleBody('patchOrganization');
    const set = await call('patchOrganization', 'PATCH', '/organization', { body: example });
    expect(set.body.organizationalContext).toBe('Acme Corp builds developer tools for startups.');
    expect((await server.request('GET', '/v3/settings')).body.workspacePrompt).toBe('Acme Corp builds developer tools for startups.');
    expect((await call('getOrganization', 'GET', '/organization')).body.organizationalContext).toBe('Acme Corp builds developer tools for startups.');
    const cleared = await call('patchOrganization', 'PATCH', '/organization', { body: { organizationalContext: null } });
    expect(cleared.body.organizationalContext).toBeNull();
    expect((await server.request('GET', '/v3/settings')).body.workspacePrompt).toBeNull();
  });

  it('lets only an admin key change it; a scoped key reaches no organization-wide route', async () => {
    const write = await server.createKey({ role: 'member', permission: 'write' });
    expect((await call('patchOrganization', 'PATCH', '/organization', { key: write, body: { organizationalContext: 'x' } })).status).toBe(403);
    expect((await call('getOrganization', 'GET', '/organization', { key: write })).status).toBe(200);
    const scoped = await server.createKey({ containerTags: ['org_one'], permission: 'write' });
    expect((await call('getOrganization', 'GET', '/organization', { key: scoped })).status).toBe(403);
  });

  it('answers bad input with the validation-error shape', async () => {
    for (const body of [{}, { organizationalContext: '' }, { organizationalContext: 'x'.repeat(1501) }, { organizationalContext: 'x', other: 1 }]) {
      const res = await call('patchOrganization', 'PATCH', '/organization', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.success).toBe(false);
    }
  });
});
