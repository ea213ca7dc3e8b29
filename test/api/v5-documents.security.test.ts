import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrincipals, runMatrix, SCOPED_TAG, type MatrixRow, type Who } from '../helpers/principals.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** Who may call the v5 routes: the role matrix, another organization, another namespace. */
describe('v5 routes: keys and scopes', () => {
  let server: TestServer;
  let keys: Record<Who, string>;

  beforeAll(async () => {
    server = await startTestServer();
    keys = await createPrincipals(server);
    for (const namespace of [SCOPED_TAG, 'other_tag']) {
      const add = await server.request('POST', `/ns/${namespace}/document`, { body: { content: `Notes of ${namespace}.`, id: 'notes' } });
      expect(add.status).toBe(200);
    }
  });
  afterAll(async () => server?.close());

  it('answers 401 without a key', async () => {
    for (const [method, path, body] of [
      ['POST', `/ns/${SCOPED_TAG}/document`, { content: 'x' }],
      ['GET', `/ns/${SCOPED_TAG}/document/notes`, undefined],
      ['POST', `/ns/${SCOPED_TAG}/search`, { query: 'notes' }],
      ['POST', `/ns/${SCOPED_TAG}/profile`, {}],
      ['POST', `/ns/${SCOPED_TAG}/list/documents`, {}],
    ] as const) {
      expect((await server.request(method, path, { key: null, body })).status, `${method} ${path}`).toBe(401);
    }
  });

  it('lets each key do what its role, permission and tags allow, and nothing of another organization or namespace', async () => {
    const own = { admin: 200, member: 200, scopedRead: 200, scopedWrite: 200, otherOrg: 404 };
    const write = { admin: 200, member: 200, scopedRead: 403, scopedWrite: 200, otherOrg: 200 };
    const rows: MatrixRow[] = [
      { route: 'GET own namespace', call: (key) => server.request('GET', `/ns/${SCOPED_TAG}/document/notes`, { key }), expected: own },
      {
        route: 'GET other namespace',
        call: (key) => server.request('GET', '/ns/other_tag/document/notes', { key }),
        expected: { admin: 200, member: 200, scopedRead: 403, scopedWrite: 403, otherOrg: 404 },
      },
      {
        route: 'POST document',
        call: (key, who) => server.request('POST', `/ns/${SCOPED_TAG}/document`, { key, body: { content: `Written by ${who}.` } }),
        expected: write,
      },
      {
        route: 'POST document to another namespace',
        call: (key, who) => server.request('POST', '/ns/other_tag/document', { key, body: { content: `Written by ${who}.` } }),
        expected: { admin: 200, member: 200, scopedRead: 403, scopedWrite: 403, otherOrg: 200 },
      },
      {
        route: 'PATCH document',
        call: (key) => server.request('PATCH', `/ns/${SCOPED_TAG}/document/notes`, { key, body: { metadata: { seen: true } } }),
        expected: { ...write, otherOrg: 404 },
      },
      {
        route: 'search',
        call: (key) => server.request('POST', `/ns/${SCOPED_TAG}/search`, { key, body: { query: 'notes' } }),
        expected: { admin: 200, member: 200, scopedRead: 200, scopedWrite: 200, otherOrg: 200 },
      },
      {
        route: 'search another namespace',
        call: (key) => server.request('POST', '/ns/other_tag/search', { key, body: { query: 'notes' } }),
        expected: { admin: 200, member: 200, scopedRead: 403, scopedWrite: 403, otherOrg: 200 },
      },
      {
        route: 'profile',
        call: (key) => server.request('POST', `/ns/${SCOPED_TAG}/profile`, { key, body: {} }),
        expected: { admin: 200, member: 200, scopedRead: 200, scopedWrite: 200, otherOrg: 200 },
      },
      {
        route: 'list documents',
        call: (key) => server.request('POST', `/ns/${SCOPED_TAG}/list/documents`, { key, body: {} }),
        expected: { admin: 200, member: 200, scopedRead: 200, scopedWrite: 200, otherOrg: 200 },
      },
      {
        route: 'delete by ids',
        call: (key) => server.request('DELETE', '/ns/other_tag/document', { key, body: { ids: ['nothing-here'] } }),
        expected: { admin: 200, member: 200, scopedRead: 403, scopedWrite: 403, otherOrg: 200 },
      },
    ];
    expect(await runMatrix(keys, rows)).toEqual([]);
  });

  it('lists only its own organization’s documents of a namespace of the same name', async () => {
    const res = await server.request('POST', `/ns/${SCOPED_TAG}/list/documents`, { key: keys.otherOrg, body: {} });
    expect(res.body.documents.map((d: { id: string }) => d.id)).not.toContain('notes');
  });
});
