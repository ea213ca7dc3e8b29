import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
