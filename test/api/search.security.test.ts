import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, waitForDocument, type TestServer } from '../helpers/server.js';

describe('search: isolation and access', () => {
  let server: TestServer;
  let otherOrgKey: string;
  let scopedKey: string;
  let readOnlyKey: string;
  let secretDocId: string;

  beforeAll(async () => {
    server = await startTestServer();
    otherOrgKey = await server.createKey({ orgName: 'other-org', role: 'admin' });
    scopedKey = await server.createKey({ containerTags: ['tag_a'], permission: 'read' });
    readOnlyKey = await server.createKey({ permission: 'read' });
    const write = (key: string, containerTag: string, content: string) =>
      server.request('POST', '/v4/memories', { key, body: { containerTag, memories: [{ content }] } });
    expect((await write(server.adminKey, 'tag_a', 'The launch code word is marigold')).status).toBe(201);
    expect((await write(server.adminKey, 'tag_b', 'The vault code word is heliotrope')).status).toBe(201);
    expect((await write(otherOrgKey, 'tag_a', 'The other org code word is tamarind')).status).toBe(201);
    const doc = await server.request('POST', '/v3/documents', {
      body: { content: 'Secret plans of tag b: code word heliotrope.', containerTag: 'tag_b', taskType: 'superrag' },
    });
    secretDocId = doc.body.id;
    await waitForDocument(server, secretDocId);
    const otherDoc = await server.request('POST', '/v3/documents', {
      key: otherOrgKey,
      body: { content: 'Other org plans: code word tamarind.', containerTag: 'tag_a', taskType: 'superrag' },
    });
    await waitForDocument(server, otherDoc.body.id, otherOrgKey);
  });
  afterAll(async () => server?.close());

  const texts = (results: { memory?: string; chunk?: string }[]) => results.map((r) => r.memory ?? r.chunk ?? '');

  it('needs an API key', async () => {
    for (const path of ['/v4/search', '/v3/search']) {
      const res = await server.request('POST', path, { body: { q: 'code word' }, key: null });
      expect(res.status).toBe(401);
      expect(typeof res.body.error).toBe('string');
    }
  });

  it('never returns another organization’s memories or chunks, even org-wide', async () => {
    const mine = await server.request('POST', '/v4/search', { body: { q: 'code word tamarind', searchMode: 'hybrid', threshold: 0, limit: 100 } });
    expect(texts(mine.body.results).join('\n')).not.toContain('tamarind');
    const theirs = await server.request('POST', '/v4/search', {
      key: otherOrgKey,
      body: { q: 'code word marigold heliotrope', searchMode: 'hybrid', threshold: 0, limit: 100 },
    });
    expect(theirs.status).toBe(200);
    const found = texts(theirs.body.results).join('\n');
    expect(found).toContain('tamarind');
    expect(found).not.toMatch(/marigold|heliotrope/);
    const docs = await server.request('POST', '/v3/search', { key: otherOrgKey, body: { q: 'heliotrope plans' } });
    expect(docs.body.results.every((r: { content?: string; chunks: { content: string }[] }) => !r.chunks.some((c) => c.content.includes('heliotrope')))).toBe(
      true,
    );
  });

  it('another organization cannot search inside a document of this one', async () => {
    const res = await server.request('POST', '/v3/search', { key: otherOrgKey, body: { q: 'plans', docId: secretDocId } });
    expect(res.status).toBe(404);
  });

  it('a tag search never returns another tag', async () => {
    const res = await server.request('POST', '/v4/search', { body: { q: 'code word heliotrope', containerTag: 'tag_a', searchMode: 'hybrid', threshold: 0 } });
    expect(texts(res.body.results)).toEqual(['The launch code word is marigold']);
  });

  it('confines a scoped key to its tags', async () => {
    const org = await server.request('POST', '/v4/search', { key: scopedKey, body: { q: 'code word', searchMode: 'hybrid', threshold: 0, limit: 100 } });
    expect(org.status).toBe(200);
    expect(texts(org.body.results)).toEqual(['The launch code word is marigold']);
    for (const body of [
      { q: 'code word', containerTag: 'tag_b' },
      { q: 'code word', containerTags: ['tag_a', 'tag_b'] },
    ]) {
      const res = await server.request('POST', '/v4/search', { key: scopedKey, body });
      expect(res.status).toBe(403);
    }
    // Another tag's document reads as absent: the same answer as an id that does not exist.
    const inOtherTag = await server.request('POST', '/v3/search', { key: scopedKey, body: { q: 'plans', docId: secretDocId } });
    const absent = await server.request('POST', '/v3/search', { key: scopedKey, body: { q: 'plans', docId: 'NoSuchDocument00000000' } });
    expect(inOtherTag.status).toBe(404);
    expect(inOtherTag.body).toEqual({ ...absent.body, details: `docId: ${secretDocId}` });
    const v3 = await server.request('POST', '/v3/search', { key: scopedKey, body: { q: 'heliotrope plans' } });
    expect(v3.body.results).toEqual([]);
  });

  it('lets a read-only key search', async () => {
    const res = await server.request('POST', '/v4/search', { key: readOnlyKey, body: { q: 'marigold', containerTag: 'tag_a' } });
    expect(res.status).toBe(200);
    expect(texts(res.body.results)).toEqual(['The launch code word is marigold']);
  });
});
