import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrincipals, runMatrix, SCOPED_TAG, type Who } from '../helpers/principals.js';
import { expectError } from '../helpers/errors.js';
import { startTestServer, waitForDocument, type ApiResponse, type TestServer } from '../helpers/server.js';

describe('container tags: authorization and isolation', () => {
  let server: TestServer;
  let keys: Record<Who, string>;

  async function addDoc(containerTag: string): Promise<string> {
    const res = await server.request('POST', '/v3/documents', { body: { content: `A document in ${containerTag}`, containerTag } });
    await waitForDocument(server, res.body.id);
    return res.body.id;
  }

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MAX: '10000' });
    keys = await createPrincipals(server);
    await addDoc(SCOPED_TAG);
    await addDoc('team_tag');
  });
  afterAll(async () => server?.close());

  it('gives every caller the expected status on every container-tag route', async () => {
    const mismatches = await runMatrix(keys, [
      {
        route: 'GET /v3/container-tags/list',
        call: (key) => server.request('GET', '/v3/container-tags/list', { key }),
        expected: { admin: 200, member: 200, scopedRead: 200, scopedWrite: 200, otherOrg: 200 },
      },
      {
        route: 'GET /v3/container-tags/{own scoped tag}',
        call: (key) => server.request('GET', `/v3/container-tags/${SCOPED_TAG}`, { key }),
        expected: { admin: 200, member: 200, scopedRead: 200, scopedWrite: 200, otherOrg: 404 },
      },
      {
        route: 'GET /v3/container-tags/{another tag}',
        call: (key) => server.request('GET', '/v3/container-tags/team_tag', { key }),
        expected: { admin: 200, member: 200, scopedRead: 404, scopedWrite: 404, otherOrg: 404 },
      },
      {
        route: 'PATCH /v3/container-tags/{tag}',
        call: (key, who) => server.request('PATCH', '/v3/container-tags/team_tag', { key, body: { entityContext: `set by ${who}` } }),
        expected: { admin: 200, member: 200, scopedRead: 403, scopedWrite: 404, otherOrg: 200 },
      },
      {
        route: 'PATCH /v3/container-tags/{own scoped tag}',
        call: (key, who) => server.request('PATCH', `/v3/container-tags/${SCOPED_TAG}`, { key, body: { name: `named by ${who}` } }),
        expected: { admin: 200, member: 200, scopedRead: 403, scopedWrite: 200, otherOrg: 200 },
      },
      {
        route: 'DELETE /v3/container-tags/{tag}',
        call: async (key, who) => {
          await addDoc(`delete_${who}`);
          return server.request('DELETE', `/v3/container-tags/delete_${who}`, { key });
        },
        expected: { admin: 200, member: 403, scopedRead: 403, scopedWrite: 403, otherOrg: 404 },
      },
    ]);
    expect(mismatches).toEqual([]);
  });

  it('answers 401 on every route without a valid key', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/v3/container-tags/list'],
      ['GET', '/v3/container-tags/team_tag'],
      ['PATCH', '/v3/container-tags/team_tag', { name: 'x' }],
      ['DELETE', '/v3/container-tags/team_tag'],
    ];
    for (const key of [null, 'em_not_a_key']) {
      for (const [method, path, body] of calls) {
        const res = await server.request(method, path, { key, body });
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(typeof res.body.error).toBe('string');
      }
    }
    expect((await server.request('GET', '/v3/container-tags/team_tag')).status).toBe(200);
  });

  it("keeps each organization's tags to itself", async () => {
    const mine = await server.request('GET', '/v3/container-tags/team_tag');
    expect(mine.body).toMatchObject({ entityContext: 'set by member', documentCount: 1 });
    const theirs = await server.request('GET', '/v3/container-tags/team_tag', { key: keys.otherOrg });
    expect(theirs.body).toMatchObject({ entityContext: 'set by otherOrg', documentCount: 0 });

    const otherList = await server.request('GET', '/v3/container-tags/list', { key: keys.otherOrg });
    expect(otherList.body.map((t: { containerTag: string }) => t.containerTag).sort()).toEqual([SCOPED_TAG, 'team_tag']);
    expect(otherList.body.every((t: { documentCount: number }) => t.documentCount === 0)).toBe(true);

    // Org B deleting a tag name org A also uses touches only org B.
    await server.request('POST', '/v3/documents', { key: keys.otherOrg, body: { content: 'B owns this', containerTag: 'team_tag' } });
    const deleted = await server.request('DELETE', '/v3/container-tags/team_tag', { key: keys.otherOrg });
    expect(deleted.body).toMatchObject({ deletedDocumentsCount: 1 });
    expect((await server.request('GET', '/v3/container-tags/team_tag')).body).toMatchObject({ documentCount: 1, entityContext: 'set by member' });
  });

  it('shows a scoped key only its own tags, and answers it for another tag what an unknown tag answers', async () => {
    const listed = await server.request('GET', '/v3/container-tags/list', { key: keys.scopedRead });
    expect(listed.body.map((t: { containerTag: string }) => t.containerTag)).toEqual([SCOPED_TAG]);
    // The answer with the tag the caller named set aside.
    const shape = (res: ApiResponse, tag: string) => ({ status: res.status, body: { ...res.body, details: res.body.details?.replace(tag, '{tag}') } });
    for (const path of ['', '/export']) {
      const unknown = await server.request('GET', `/v3/container-tags/does_not_exist${path}`, { key: keys.scopedWrite });
      expectError(unknown, 404);
      const outside = await server.request('GET', `/v3/container-tags/team_tag${path}`, { key: keys.scopedWrite });
      expect(shape(outside, 'team_tag'), `GET ${path}`).toEqual(shape(unknown, 'does_not_exist'));
    }
    // A write creates an unknown tag, so a tag outside its scope answers the 404 of a read instead.
    const absent = shape(await server.request('GET', '/v3/container-tags/does_not_exist', { key: keys.scopedWrite }), 'does_not_exist');
    const patched = await server.request('PATCH', '/v3/container-tags/team_tag', { key: keys.scopedWrite, body: { name: 'taken over' } });
    expect(shape(patched, 'team_tag')).toEqual(absent);
    expect((await server.request('GET', '/v3/container-tags/team_tag')).body.name).not.toBe('taken over');
    // The organization-wide routes stay out of its reach.
    expectError(await server.request('GET', '/v3/export', { key: keys.scopedWrite }), 403);
    expectError(await server.request('DELETE', `/v3/container-tags/${SCOPED_TAG}`, { key: keys.scopedWrite }), 403);
    expectError(
      await server.request('POST', '/v3/container-tags/merge', {
        key: keys.scopedWrite,
        body: { containerTags: [SCOPED_TAG], targetContainerTag: SCOPED_TAG },
      }),
      403,
    );
  });
});
