import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrincipals, runMatrix, SCOPED_TAG, type Who } from '../helpers/principals.js';
import { startTestServer, waitForDocument, type TestServer } from '../helpers/server.js';

describe('keys and roles: authorization matrix', () => {
  let server: TestServer;
  let keys: Record<Who, string>;
  let scopedDoc: string;
  let teamDoc: string;
  let fileDoc: string;

  async function addDoc(containerTag: string, content = `A document in ${containerTag}`): Promise<string> {
    const res = await server.request('POST', '/v3/documents', { body: { content, containerTag } });
    await waitForDocument(server, res.body.id);
    return res.body.id;
  }

  function upload(key: string, containerTag: string) {
    const form = new FormData();
    form.append('file', new Blob(['uploaded notes']), 'notes.txt');
    form.append('containerTag', containerTag);
    return server.request('POST', '/v3/documents/file', { key, raw: form });
  }

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MAX: '10000' });
    keys = await createPrincipals(server);
    scopedDoc = await addDoc(SCOPED_TAG);
    teamDoc = await addDoc('team_tag');
    fileDoc = (await upload(server.adminKey, SCOPED_TAG)).body.id;
    await waitForDocument(server, fileDoc);
  });
  afterAll(async () => server?.close());

  it('gives every caller the expected status on the key and session routes', async () => {
    const mismatches = await runMatrix(keys, [
      {
        route: 'POST /v3/auth/scoped-key',
        call: (key) => server.request('POST', '/v3/auth/scoped-key', { key, body: { containerTag: 'minted' } }),
        expected: { admin: 200, member: 403, scopedRead: 403, scopedWrite: 403, otherOrg: 200 },
      },
      {
        route: 'DELETE /v3/auth/scoped-key/{id}',
        call: async (key) => {
          const victim = await server.request('POST', '/v3/auth/scoped-key', { body: { containerTag: 'victim' } });
          return server.request('DELETE', `/v3/auth/scoped-key/${victim.body.id}`, { key });
        },
        expected: { admin: 200, member: 403, scopedRead: 403, scopedWrite: 403, otherOrg: 404 },
      },
      {
        route: 'GET /v3/auth/keys',
        call: (key) => server.request('GET', '/v3/auth/keys', { key }),
        expected: { admin: 200, member: 403, scopedRead: 403, scopedWrite: 403, otherOrg: 200 },
      },
      {
        route: 'GET /v3/session',
        call: (key) => server.request('GET', '/v3/session', { key }),
        expected: { admin: 200, member: 200, scopedRead: 200, scopedWrite: 200, otherOrg: 200 },
      },
    ]);
    expect(mismatches).toEqual([]);
  });

  it('gives every caller the expected status on the document routes', async () => {
    const ok = { admin: 200, member: 200, scopedRead: 200, scopedWrite: 200, otherOrg: 200 };
    const mismatches = await runMatrix(keys, [
      {
        route: 'POST /v3/documents into the scoped tag',
        call: (key) => server.request('POST', '/v3/documents', { key, body: { content: 'new', containerTag: SCOPED_TAG } }),
        expected: { ...ok, scopedRead: 403 },
      },
      {
        route: 'POST /v3/documents into another tag',
        call: (key) => server.request('POST', '/v3/documents', { key, body: { content: 'new', containerTag: 'team_tag' } }),
        expected: { ...ok, scopedRead: 403, scopedWrite: 403 },
      },
      {
        route: 'POST /v3/documents naming the scoped tag among several',
        call: (key) => server.request('POST', '/v3/documents', { key, body: { content: 'new', containerTags: [SCOPED_TAG, 'team_tag'] } }),
        expected: { admin: 400, member: 400, scopedRead: 403, scopedWrite: 400, otherOrg: 400 },
      },
      {
        route: 'POST /v3/documents without a tag',
        call: (key) => server.request('POST', '/v3/documents', { key, body: { content: 'untagged' } }),
        expected: { ...ok, scopedRead: 403 },
      },
      {
        route: 'POST /v3/documents/batch into the scoped tag',
        call: (key) => server.request('POST', '/v3/documents/batch', { key, body: { documents: ['one', 'two'], containerTag: SCOPED_TAG } }),
        expected: { ...ok, scopedRead: 403 },
      },
      {
        route: 'POST /v3/documents/file into the scoped tag',
        call: (key) => upload(key, SCOPED_TAG),
        expected: { ...ok, scopedRead: 403 },
      },
      {
        route: 'POST /v3/documents/file into another tag',
        call: (key) => upload(key, 'team_tag'),
        expected: { ...ok, scopedRead: 403, scopedWrite: 403 },
      },
      {
        route: 'POST /v3/documents/list of the scoped tag',
        call: (key) => server.request('POST', '/v3/documents/list', { key, body: { containerTags: [SCOPED_TAG] } }),
        expected: ok,
      },
      {
        route: 'POST /v3/documents/list of another tag',
        call: (key) => server.request('POST', '/v3/documents/list', { key, body: { containerTags: ['team_tag'] } }),
        expected: { ...ok, scopedRead: 403, scopedWrite: 403 },
      },
      { route: 'GET /v3/documents/processing', call: (key) => server.request('GET', '/v3/documents/processing', { key }), expected: ok },
      {
        route: 'GET /v3/documents/{id in the scoped tag}',
        call: (key) => server.request('GET', `/v3/documents/${scopedDoc}`, { key }),
        expected: { ...ok, otherOrg: 404 },
      },
      {
        route: 'GET /v3/documents/{id in another tag}',
        call: (key) => server.request('GET', `/v3/documents/${teamDoc}`, { key }),
        expected: { ...ok, scopedRead: 404, scopedWrite: 404, otherOrg: 404 },
      },
      {
        route: 'GET /v3/documents/{id}/chunks in the scoped tag',
        call: (key) => server.request('GET', `/v3/documents/${scopedDoc}/chunks`, { key }),
        expected: { ...ok, otherOrg: 404 },
      },
      {
        route: 'GET /v3/documents/{id}/chunks in another tag',
        call: (key) => server.request('GET', `/v3/documents/${teamDoc}/chunks`, { key }),
        expected: { ...ok, scopedRead: 404, scopedWrite: 404, otherOrg: 404 },
      },
      {
        route: 'GET /v3/documents/{id}/file-url in the scoped tag',
        call: (key) => server.request('GET', `/v3/documents/${fileDoc}/file-url`, { key }),
        expected: { ...ok, otherOrg: 404 },
      },
      {
        route: 'PATCH /v3/documents/{id in the scoped tag}',
        call: (key, who) => server.request('PATCH', `/v3/documents/${scopedDoc}`, { key, body: { metadata: { by: who } } }),
        expected: { ...ok, scopedRead: 403, otherOrg: 404 },
      },
      {
        route: 'PATCH /v3/documents/{id in another tag}',
        call: (key, who) => server.request('PATCH', `/v3/documents/${teamDoc}`, { key, body: { metadata: { by: who } } }),
        expected: { ...ok, scopedRead: 403, scopedWrite: 404, otherOrg: 404 },
      },
      {
        route: 'PATCH /v3/documents/{id} moving it out of the scoped tag',
        call: async (key) => server.request('PATCH', `/v3/documents/${await addDoc(SCOPED_TAG)}`, { key, body: { containerTag: 'team_tag' } }),
        expected: { ...ok, scopedRead: 403, scopedWrite: 403, otherOrg: 404 },
      },
      {
        route: 'DELETE /v3/documents/{id in the scoped tag}',
        call: async (key) => server.request('DELETE', `/v3/documents/${await addDoc(SCOPED_TAG)}`, { key }),
        expected: { admin: 204, member: 204, scopedRead: 403, scopedWrite: 204, otherOrg: 404 },
      },
      {
        route: 'DELETE /v3/documents/{id in another tag}',
        call: async (key) => server.request('DELETE', `/v3/documents/${await addDoc('team_tag')}`, { key }),
        expected: { admin: 204, member: 204, scopedRead: 403, scopedWrite: 404, otherOrg: 404 },
      },
      {
        route: 'DELETE /v3/documents/bulk by ids in the scoped tag',
        call: async (key) => server.request('DELETE', '/v3/documents/bulk', { key, body: { ids: [await addDoc(SCOPED_TAG)] } }),
        expected: { ...ok, scopedRead: 403 },
      },
      {
        route: 'DELETE /v3/documents/bulk by another tag',
        call: async (key, who) => {
          await addDoc(`bulk_${who}`);
          return server.request('DELETE', '/v3/documents/bulk', { key, body: { containerTags: [`bulk_${who}`] } });
        },
        expected: { ...ok, scopedRead: 403, scopedWrite: 403 },
      },
    ]);
    expect(mismatches).toEqual([]);
  });

  it('confines a scoped key without a tag to its own, and shows it nothing else', async () => {
    const add = await server.request('POST', '/v3/documents', { key: keys.scopedWrite, body: { content: 'where does this go?' } });
    expect((await waitForDocument(server, add.body.id)).containerTag).toBe(SCOPED_TAG);
    for (const key of [keys.scopedRead, keys.scopedWrite]) {
      const list = await server.request('POST', '/v3/documents/list', { key, body: { limit: 1100 } });
      expect(list.body.results.length).toBeGreaterThan(0);
      expect(list.body.results.every((d: { containerTag: string }) => d.containerTag === SCOPED_TAG)).toBe(true);
      const processing = await server.request('GET', '/v3/documents/processing', { key });
      expect(processing.body.documents.every((d: { containerTag: string }) => d.containerTag === SCOPED_TAG)).toBe(true);
    }
    // A scoped key's bulk delete without tags only reaches its own tag.
    const team = await addDoc('team_tag', 'must survive');
    await server.request('DELETE', '/v3/documents/bulk', { key: keys.scopedWrite, body: { filepath: '/' } });
    expect((await server.request('GET', `/v3/documents/${team}`)).status).toBe(200);
  });

  it('shows each organization only its own keys', async () => {
    const mine = (await server.request('GET', '/v3/auth/keys')).body.keys.map((k: { name: string }) => k.name);
    const theirs = (await server.request('GET', '/v3/auth/keys', { key: keys.otherOrg })).body.keys.map((k: { name: string }) => k.name);
    expect(mine).toEqual(expect.arrayContaining(['ordinary', 'scoped read', 'scoped write']));
    expect(mine).not.toContain('other org admin');
    expect(theirs).toContain('other org admin');
    expect(theirs).not.toContain('ordinary');
    const theirSession = (await server.request('GET', '/v3/session', { key: keys.otherOrg })).body;
    expect(theirSession.org.slug).toBe('other-org');
  });
});
