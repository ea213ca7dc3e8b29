import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/errors.js';
import { startTestServer, type TestServer, waitForDocument } from '../helpers/server.js';
import { textImage } from '../fixtures/convert/office.js';

describe('document files: bad input', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ MAX_BODY_BYTES: String(64 * 1024), MAX_FILE_BYTES: String(32 * 1024) });
  });
  afterAll(async () => server?.close());

  async function documentCount(): Promise<number> {
    return (await server.request('POST', '/v3/documents/list', { body: {} })).body.totalCount;
  }

  it('rejects bad uploads', async () => {
    const before = await documentCount();
    const noFile = new FormData();
    noFile.append('containerTag', 'x');
    expectError(await server.request('POST', '/v3/documents/file', { raw: noFile }), 400, /file/);

    const badMeta = new FormData();
    badMeta.append('file', new Blob(['hello']), 'a.txt');
    badMeta.append('metadata', '{not json');
    expectError(await server.request('POST', '/v3/documents/file', { raw: badMeta }), 400, /metadata/);

    const tooBig = new FormData();
    tooBig.append('file', new Blob(['y'.repeat(40 * 1024)]), 'big.txt');
    expectError(await server.request('POST', '/v3/documents/file', { raw: tooBig }), 413);

    expectError(await server.request('POST', '/v3/documents/file', { body: { content: 'not multipart' } }), 415);
    expect(await documentCount()).toBe(before);
  });

  it('answers 404 for file-url of a text document and 403 for a forged file link', async () => {
    const add = await server.request('POST', '/v3/documents', { body: { content: 'no file here' } });
    expectError(await server.request('GET', `/v3/documents/${add.body.id}/file-url`), 404);
    const forged = await fetch(`${server.url}/files/eyJvIjoiYSIsImQiOiJiIiwiZSI6OTk5OTk5OTk5OTk5OX0.forged`);
    expect(forged.status).toBe(403);
  });
  it('answers 400 to multipart bodies that are not well formed, on both upload routes', async () => {
    const before = await documentCount();
    const part = '--b1\r\nContent-Disposition: form-data; name="file"; filename="a.md"\r\n\r\nhello';
    const malformed: [string, string][] = [
      ['multipart/form-data', '--b1\r\n'],
      ['multipart/form-data; boundary=other', `${part}\r\n--b1--\r\n`],
      ['multipart/form-data; boundary=b1', part],
      ['multipart/form-data; boundary=b1', '--b1\r\nContent-Disp'],
    ];
    for (const path of ['/v3/documents/file', '/v3/memories/file']) {
      for (const [contentType, raw] of malformed) {
        expectError(await server.request('POST', path, { raw, headers: { 'content-type': contentType } }), 400, /multipart body is malformed/);
      }
    }
    expect(await documentCount()).toBe(before);
  });
});

describe('documents upload: refused input', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  const form = (bytes: Uint8Array, partType: string, fields: Record<string, string>) => {
    const body = new FormData();
    body.append('file', new Blob([new Uint8Array(bytes)], { type: partType }), 'upload.bin');
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    return body;
  };

  it('asks for an image media type with a forced image, and refuses types it cannot read', async () => {
    const png = await textImage(['x']);
    const noMime = form(png, 'application/octet-stream', { fileType: 'image' });
    expectError(await server.request('POST', '/v3/documents/file', { raw: noMime }), 400, /mimeType/);
    const video = form(png, 'video/mp4', { fileType: 'video', mimeType: 'video/mp4' });
    expectError(await server.request('POST', '/v3/documents/file', { raw: video }), 400, /fileType/);
  });

  it('fails a forced image that is not an image with a reason', async () => {
    const text = new TextEncoder().encode('just words, no pixels');
    const res = await server.request('POST', '/v3/documents/file', { raw: form(text, 'image/png', { fileType: 'image' }) });
    expect(res.status).toBe(200);
    const doc = await waitForDocument(server, res.body.id);
    expect(doc.status).toBe('failed');
    expect(doc.error).toMatch(/not a supported image/);
  });
});
