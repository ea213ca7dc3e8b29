import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { turns } from '../fixtures/conversation-turns.js';
import { startTestServer, waitForDocument, type TestServer } from '../helpers/server.js';

describe('conversations: authorization and isolation', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MAX: '1000' });
    // The admin's transcript the other organization's conversation of the same id must not touch.
    const ours = await server.request('POST', '/v4/conversations', { body: { conversationId: 'conv-001', containerTag: 'caroline', messages: turns } });
    await waitForDocument(server, ours.body.id);
  });
  afterAll(async () => server?.close());

  it("needs a write key and keeps other organizations' conversations apart", async () => {
    const readOnly = await server.createKey({ permission: 'read' });
    expect((await server.request('POST', '/v4/conversations', { key: readOnly, body: { conversationId: 'c', messages: turns } })).status).toBe(403);
    expect((await server.request('POST', '/v4/conversations', { key: null, body: { conversationId: 'c', messages: turns } })).status).toBe(401);
    const other = await server.createKey({ orgName: 'other-org' });
    const theirs = await server.request('POST', '/v4/conversations', { key: other, body: { conversationId: 'conv-001', messages: turns.slice(0, 1) } });
    const ours = await server.request('GET', '/v3/documents/conv-001');
    expect(theirs.body.id).not.toBe(ours.body.id);
    expect(JSON.parse(ours.body.raw).messages).toHaveLength(4);
  });

  it('keeps a scoped key inside its tags, and its conversation ids apart from the tag next door', async () => {
    const scoped = await server.createKey({ containerTags: ['conv_scoped'] });
    const refused = await server.request('POST', '/v4/conversations', {
      key: scoped,
      body: { conversationId: 'conv-s', containerTag: 'caroline', messages: turns },
    });
    expect(refused.status).toBe(403);
    expect(typeof refused.body.error).toBe('string');
    const own = await server.request('POST', '/v4/conversations', { key: scoped, body: { conversationId: 'conv-s', messages: turns.slice(0, 1) } });
    expect(own.status).toBe(200);
    const doc = await waitForDocument(server, own.body.id, scoped);
    expect(doc.containerTag).toBe('conv_scoped');
    // An id the admin used in another tag is another conversation for the scoped key.
    const admin = await server.request('POST', '/v4/conversations', {
      body: { conversationId: 'conv-shared', containerTag: 'conv_admin', messages: turns.slice(0, 1) },
    });
    const mine = await server.request('POST', '/v4/conversations', { key: scoped, body: { conversationId: 'conv-shared', messages: turns.slice(0, 2) } });
    expect(mine.body.id).not.toBe(admin.body.id);
    expect((await server.request('GET', `/v3/documents/${admin.body.id}`, { key: scoped })).status).toBe(404);
  });
});
