import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrincipals, runMatrix, type Who } from '../helpers/principals.js';
import { startTestServer, waitFor, waitForDocument, type TestServer } from '../helpers/server.js';

describe('container tag merges: authorization and isolation', () => {
  let server: TestServer;
  let keys: Record<Who, string>;
  let mergeId: string;

  async function addDoc(containerTag: string): Promise<string> {
    const res = await server.request('POST', '/v3/documents', { body: { content: `A document in ${containerTag}`, containerTag } });
    await waitForDocument(server, res.body.id);
    return res.body.id;
  }

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MAX: '10000' });
    keys = await createPrincipals(server);
    await addDoc('team_tag');
    await addDoc('merged_from');
    const merge = await server.request('POST', '/v3/container-tags/merge', { body: { containerTags: ['merged_from'], targetContainerTag: 'merged_into' } });
    mergeId = merge.body.mergeId;
    await waitFor(async () => ((await server.request('GET', `/v3/container-tags/merge/${mergeId}`)).body.status === 'completed' ? true : undefined));
  });
  afterAll(async () => server?.close());

  it('gives every caller the expected status on the merge routes', async () => {
    const mismatches = await runMatrix(keys, [
      {
        route: 'POST /v3/container-tags/merge',
        call: async (key, who) => {
          await addDoc(`msrc_${who}`);
          return server.request('POST', '/v3/container-tags/merge', { key, body: { containerTags: [`msrc_${who}`], targetContainerTag: `mdst_${who}` } });
        },
        expected: { admin: 202, member: 403, scopedRead: 403, scopedWrite: 403, otherOrg: 404 },
      },
      {
        route: 'GET /v3/container-tags/merge/{mergeId}',
        call: (key) => server.request('GET', `/v3/container-tags/merge/${mergeId}`, { key }),
        expected: { admin: 200, member: 200, scopedRead: 403, scopedWrite: 403, otherOrg: 404 },
      },
    ]);
    expect(mismatches).toEqual([]);
  });

  it('answers 401 on every merge route without a valid key', async () => {
    const calls: [string, string, unknown?][] = [
      ['POST', '/v3/container-tags/merge', { containerTags: ['team_tag'], targetContainerTag: 'x' }],
      ['GET', `/v3/container-tags/merge/${mergeId}`],
    ];
    for (const key of [null, 'em_not_a_key']) {
      for (const [method, path, body] of calls) {
        const res = await server.request(method, path, { key, body });
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(typeof res.body.error).toBe('string');
      }
    }
  });

  it("keeps each organization's merges to itself", async () => {
    // Org B cannot merge org A's tags, nor see org A's merge.
    const merge = await server.request('POST', '/v3/container-tags/merge', {
      key: keys.otherOrg,
      body: { containerTags: ['team_tag'], targetContainerTag: 'stolen' },
    });
    expect(merge.status).toBe(404);
    expect((await server.request('GET', '/v3/container-tags/team_tag')).body.documentCount).toBe(1);
  });

  it('answers a scoped key 403 whether or not the merge exists, so it learns nothing', async () => {
    for (const id of [mergeId, 'NoSuchMerge00000000000']) {
      for (const key of [keys.scopedRead, keys.scopedWrite]) {
        expect((await server.request('GET', `/v3/container-tags/merge/${id}`, { key })).status).toBe(403);
      }
    }
  });
});
