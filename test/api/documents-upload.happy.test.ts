import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getFile } from '../../src/store/documents.js';
import { startTestServer, waitForDocument, type TestServer } from '../helpers/server.js';

describe('document files: happy paths', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('uploads a file, converts it and serves it back through a signed URL', async () => {
    const csv = 'name,city\nAda,London\nGrace,Arlington\n';
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'people.csv');
    form.append('containerTag', 'files_tag');
    form.append('metadata', JSON.stringify({ origin: 'upload' }));
    const res = await server.request('POST', '/v3/documents/file', { raw: form });
    expect(res.status).toBe(200);
    const doc = await waitForDocument(server, res.body.id);
    expect(doc.status).toBe('done');
    expect(doc.type).toBe('csv');
    expect(doc.metadata).toEqual({ origin: 'upload' });
    expect(doc.content).toMatch(/\|\s*Ada\s*\|\s*London\s*\|/);

    const link = await server.request('GET', `/v3/documents/${res.body.id}/file-url`);
    expect(link.status).toBe(200);
    const download = await fetch(link.body.url);
    expect(download.status).toBe(200);
    expect(await download.text()).toBe(csv);

    const tampered = await fetch(link.body.url.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A')));
    expect(tampered.status).toBe(403);
  });

  it('drops the stored file when text replaces an upload, by customId or by patch', async () => {
    const upload = async (customId: string) => {
      const form = new FormData();
      form.append('file', new Blob(['uploaded words'], { type: 'text/plain' }), 'a.txt');
      form.append('containerTag', 'replaced');
      form.append('customId', customId);
      const res = await server.request('POST', '/v3/documents/file', { raw: form });
      expect(res.status).toBe(200);
      await waitForDocument(server, res.body.id);
      expect(await getFile(server.app.database.db, orgId, res.body.id)).toBeDefined();
      return res.body.id as string;
    };
    const orgId = (await server.request('GET', '/v3/session')).body.org.id;

    const byCustomId = await upload('replaced-by-add');
    const add = await server.request('POST', '/v3/documents', { body: { content: 'typed words', containerTag: 'replaced', customId: 'replaced-by-add' } });
    expect(add.body.id).toBe(byCustomId);
    const byPatch = await upload('replaced-by-patch');
    expect((await server.request('PATCH', `/v3/documents/${byPatch}`, { body: { content: 'typed words' } })).status).toBe(200);

    for (const id of [byCustomId, byPatch]) {
      expect((await waitForDocument(server, id)).content).toContain('typed words');
      expect(await getFile(server.app.database.db, orgId, id)).toBeUndefined();
      expect((await server.request('GET', `/v3/documents/${id}/file-url`)).status).toBe(404);
    }
  });
});
