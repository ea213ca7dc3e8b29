import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/errors.js';
import { startTestServer, waitForDocument, type TestServer } from '../helpers/server.js';

describe('GET /files/{token}: the signed link is the only credential', () => {
  let server: TestServer;
  let fileDoc: string;
  let link: string;

  beforeAll(async () => {
    server = await startTestServer();
    const form = new FormData();
    form.append('file', new Blob(['signed content']), 'signed.txt');
    fileDoc = (await server.request('POST', '/v3/documents/file', { raw: form })).body.id;
    await waitForDocument(server, fileDoc);
    link = (await server.request('GET', `/v3/documents/${fileDoc}/file-url`)).body.url;
  });
  afterAll(async () => server?.close());

  const path = (url: string) => new URL(url).pathname;

  it('serves the file to anyone holding the link, with or without a key, and as a download', async () => {
    const other = await server.createKey({ orgName: 'files-other', role: 'admin' });
    for (const key of [null, 'em_not_a_real_key', other]) {
      const res = await server.request('GET', path(link), { key });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="signed.txt"');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it("refuses a link whose document part was changed, even to another document's id", async () => {
    const [payload, mac] = path(link).slice('/files/'.length).split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, d: 'NoSuchDocument00000000' })).toString('base64url');
    expectError(await server.request('GET', `/files/${forged}.${mac}`, { key: null }), 403);
  });

  it('stops serving the file once its document is deleted', async () => {
    expect((await server.request('DELETE', `/v3/documents/${fileDoc}`)).status).toBe(204);
    expectError(await server.request('GET', path(link), { key: null }), 404);
  });
});
