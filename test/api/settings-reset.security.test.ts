import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrincipals, type Who } from '../helpers/principals.js';
import { seedMemories, selectRows } from '../helpers/seed-memories.js';
import { startTestServer, waitForDocument, type TestServer } from '../helpers/server.js';

describe('POST /v3/settings/reset: authorization', () => {
  let server: TestServer;
  let keys: Record<Who, string>;
  let orgA: string;
  let scopedA: string;

  /** Every row an org owns, in a stable order. */
  async function orgRows(orgId: string) {
    const q = (table: string, order: string) => selectRows(server, sql.raw(`select * from ${table} where org_id = '${orgId}' order by ${order}`));
    return {
      documents: await q('documents', 'id'),
      chunks: await q('chunks', 'id'),
      memories: await q('memories', 'id'),
      spaces: await q('spaces', 'id'),
      settings: await q('org_settings', 'org_id'),
      keys: await q('api_keys', 'id'),
    };
  }

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MAX: '10000' });
    keys = await createPrincipals(server);
    orgA = (await server.request('GET', '/v3/session')).body.org.id;
    scopedA = (await server.request('POST', '/v3/auth/scoped-key', { body: { containerTag: 'a_one' } })).body.key;
    const doc = await server.request('POST', '/v3/documents', { body: { content: 'First document of A.', containerTag: 'a_one', taskType: 'superrag' } });
    await waitForDocument(server, doc.body.id);
    await seedMemories(server, [{ memory: 'A fact', containerTag: 'a_one', documentIds: [doc.body.id] }]);
    await server.request('PATCH', '/v3/settings', { body: { workspacePrompt: 'Org A' } });
  });
  afterAll(async () => server?.close());

  it('is refused to every key but an admin of the org, changing nothing', async () => {
    const before = await orgRows(orgA);
    for (const who of ['member', 'scopedRead', 'scopedWrite'] as const) {
      const res = await server.request('POST', '/v3/settings/reset', { key: keys[who], body: { confirmation: 'reset everything' } });
      expect(res.status, who).toBe(403);
      expect(typeof res.body.error).toBe('string');
    }
    const scoped = await server.request('POST', '/v3/settings/reset', { key: scopedA, body: { confirmation: 'reset everything' } });
    expect(scoped.status).toBe(403);
    for (const key of [null, 'em_not_a_key']) {
      expect((await server.request('POST', '/v3/settings/reset', { key, body: { confirmation: 'x' } })).status).toBe(401);
    }
    expect(await orgRows(orgA)).toEqual(before);
  });

  it("never touches another organization's data", async () => {
    const before = await orgRows(orgA);
    expect(before.documents).toHaveLength(1);
    const res = await server.request('POST', '/v3/settings/reset', { key: keys.otherOrg, body: { confirmation: 'yes' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, deletedDocumentsApprox: 0, deletedMemoryRows: 0 });
    expect(await orgRows(orgA)).toEqual(before);
  });
});
