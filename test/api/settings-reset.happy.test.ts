import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrincipals, type Who } from '../helpers/principals.js';
import { seedMemories, selectRows } from '../helpers/seed-memories.js';
import { startTestServer, waitForDocument, type TestServer } from '../helpers/server.js';

describe('POST /v3/settings/reset', () => {
  let server: TestServer;
  let keys: Record<Who, string>;
  let orgA: string;
  let orgB: string;
  let scopedA: string;

  /** Chunked and indexed only: the memories these tests count are the ones they seed. */
  async function addDoc(key: string, body: Record<string, unknown>): Promise<string> {
    const res = await server.request('POST', '/v3/documents', { key, body: { taskType: 'superrag', ...body } });
    expect(res.status).toBe(200);
    await waitForDocument(server, res.body.id, key);
    return res.body.id;
  }

  /** Every row an org owns, in a stable order. */
  async function orgRows(orgId: string) {
    const q = (table: string, order: string) => selectRows(server, sql.raw(`select * from ${table} where org_id = '${orgId}' order by ${order}`));
    return {
      documents: await q('documents', 'id'),
      chunks: await q('chunks', 'id'),
      files: await q('document_files', 'document_id'),
      memories: await q('memories', 'id'),
      memorySources: await q('memory_sources', 'memory_id, document_id'),
      spaces: await q('spaces', 'id'),
      settings: await q('org_settings', 'org_id'),
      profiles: await q('profiles', 'container_tag'),
      keys: await q('api_keys', 'id'),
      orgs: await selectRows(server, sql`select * from orgs where id = ${orgId}`),
    };
  }

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MAX: '10000' });
    keys = await createPrincipals(server);
    orgA = (await server.request('GET', '/v3/session')).body.org.id;
    orgB = (await server.request('GET', '/v3/session', { key: keys.otherOrg })).body.org.id;
    scopedA = (await server.request('POST', '/v3/auth/scoped-key', { body: { containerTag: 'a_one' } })).body.key;

    // Org A: 6 documents in 3 tags (one uploaded), 5 memory rows, 3 spaces besides the default one.
    const a1 = await addDoc(server.adminKey, { content: '# One\n\nFirst document of A.', containerTag: 'a_one', customId: 'first' });
    await addDoc(server.adminKey, { content: 'Second document of A.', containerTag: 'a_one' });
    await addDoc(server.adminKey, { content: 'Third document of A.', containerTag: 'a_one' });
    await addDoc(server.adminKey, { content: 'Default tag document one.' });
    await addDoc(server.adminKey, { content: 'Default tag document two.', entityContext: 'Default space context' });
    const form = new FormData();
    form.append('file', new Blob(['uploaded file of A']), 'a.txt');
    form.append('containerTag', 'a_two');
    form.append('taskType', 'superrag');
    const upload = await server.request('POST', '/v3/documents/file', { raw: form });
    await waitForDocument(server, upload.body.id);
    await server.request('PATCH', '/v3/container-tags/a_empty', { body: { name: 'Empty space' } });
    const [v1] = await seedMemories(server, [{ memory: 'A fact v1', containerTag: 'a_one', isLatest: false }]);
    await seedMemories(server, [
      { memory: 'A fact v2', containerTag: 'a_one', version: 2, parentMemoryId: v1, rootMemoryId: v1, documentIds: [a1] },
      { memory: 'A forgotten fact', containerTag: 'a_one', isForgotten: true },
      { memory: 'A second fact', containerTag: 'a_one', documentIds: [a1] },
      { memory: 'A default fact', containerTag: 'sm_project_default' },
    ]);
    await server.request('PATCH', '/v3/settings', {
      body: { workspacePrompt: 'Org A', chunkSize: 600, notionClientId: 'n', notionClientSecret: 'notion-secret-value' },
    });

    // Org B: 3 documents, 2 memories, its own settings and spaces with the same tag names.
    const b1 = await addDoc(keys.otherOrg, { content: 'First document of B.', containerTag: 'a_one', customId: 'first' });
    await addDoc(keys.otherOrg, { content: 'Second document of B.', containerTag: 'b_tag' });
    await addDoc(keys.otherOrg, { content: 'Default document of B.', entityContext: 'B default context' });
    await seedMemories(server, [
      { memory: 'B fact', containerTag: 'a_one', orgName: 'other-org', documentIds: [b1] },
      { memory: 'B other fact', containerTag: 'b_tag', orgName: 'other-org' },
    ]);
    await server.request('PATCH', '/v3/settings', { key: keys.otherOrg, body: { workspacePrompt: 'Org B', chunkSize: 700 } });
    // A materialized profile per tag with memories, as extraction leaves them.
    await selectRows(server, sql`insert into profiles (org_id, container_tag) select distinct org_id, container_tag from memories on conflict do nothing`);
  });
  afterAll(async () => server?.close());

  it("empties the caller's org, answers exact counts, and leaves the other org untouched", async () => {
    const bBefore = await orgRows(orgB);
    const aBefore = await orgRows(orgA);
    expect(aBefore.documents).toHaveLength(6);
    expect(aBefore.memories).toHaveLength(5);
    expect(aBefore.spaces).toHaveLength(4);
    expect(aBefore.chunks.length).toBeGreaterThan(0);
    expect(aBefore.files).toHaveLength(1);
    expect(aBefore.profiles).toHaveLength(2);
    expect(bBefore.profiles).toHaveLength(2);

    const res = await server.request('POST', '/v3/settings/reset', { body: { confirmation: 'reset everything' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      deletedConnections: 0,
      deletedDocumentBatches: 1,
      deletedDocumentsApprox: 6,
      deletedMemoryRows: 5,
      deletedExtraSpaces: 3,
      clearedDefaultSpaceContext: true,
      clearedBrainMemoryRegistry: false,
      settingsReset: true,
    });

    const aAfter = await orgRows(orgA);
    expect(aAfter.documents).toEqual([]);
    expect(aAfter.chunks).toEqual([]);
    expect(aAfter.files).toEqual([]);
    expect(aAfter.memories).toEqual([]);
    expect(aAfter.memorySources).toEqual([]);
    expect(aAfter.settings).toEqual([]);
    expect(aAfter.profiles).toEqual([]);
    expect(aAfter.spaces).toHaveLength(1);
    expect(aAfter.spaces[0]).toMatchObject({
      container_tag: 'sm_project_default',
      name: null,
      entity_context: null,
      memory_filesystem_paths: null,
      profile_buckets: null,
    });
    // The org, its keys (and so its members) stay.
    expect(aAfter.orgs).toEqual(aBefore.orgs);
    expect(aAfter.keys).toEqual(aBefore.keys);
    for (const key of [server.adminKey, keys.member, keys.scopedWrite, scopedA]) {
      expect((await server.request('GET', '/v3/session', { key })).status).toBe(200);
    }
    const jobs = await selectRows(server, sql`select id from jobs where org_id = ${orgA} and document_id is not null`);
    expect(jobs).toEqual([]);

    expect(await orgRows(orgB)).toEqual(bBefore);

    // Through the API the org reads as new.
    expect((await server.request('POST', '/v3/documents/list', { body: {} })).body.totalCount).toBe(0);
    const list = await server.request('GET', '/v3/container-tags/list');
    expect(list.body.map((t: { containerTag: string }) => t.containerTag)).toEqual(['sm_project_default']);
    const settings = await server.request('GET', '/v3/settings');
    expect(settings.body).toMatchObject({ workspacePrompt: null, chunkSize: null, notionClientId: null, notionClientSecret: null });
    expect((await server.request('GET', '/v3/settings', { key: keys.otherOrg })).body).toMatchObject({ workspacePrompt: 'Org B', chunkSize: 700 });
  });

  it('answers zeros and false when there is nothing left, and the org can be written again', async () => {
    const res = await server.request('POST', '/v3/settings/reset', { body: { confirmation: 'again' } });
    expect(res.body).toEqual({
      success: true,
      deletedConnections: 0,
      deletedDocumentBatches: 0,
      deletedDocumentsApprox: 0,
      deletedMemoryRows: 0,
      deletedExtraSpaces: 0,
      clearedDefaultSpaceContext: false,
      clearedBrainMemoryRegistry: false,
      settingsReset: false,
    });
    const add = await server.request('POST', '/v3/documents', { body: { content: 'A new beginning', containerTag: 'a_one', customId: 'first' } });
    expect((await waitForDocument(server, add.body.id)).status).toBe('done');
  });

  it("lets the other org's admin reset only that org", async () => {
    const aBefore = await orgRows(orgA);
    const res = await server.request('POST', '/v3/settings/reset', { key: keys.otherOrg, body: { confirmation: 'yes' } });
    expect(res.body).toEqual({
      success: true,
      deletedConnections: 0,
      deletedDocumentBatches: 1,
      deletedDocumentsApprox: 3,
      deletedMemoryRows: 2,
      deletedExtraSpaces: 2,
      clearedDefaultSpaceContext: true,
      clearedBrainMemoryRegistry: false,
      settingsReset: true,
    });
    expect(await orgRows(orgA)).toEqual(aBefore);
    expect((await orgRows(orgB)).documents).toEqual([]);
  });
});
