import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textImage } from '../fixtures/convert/office.js';
import { expectError } from '../helpers/errors.js';
import { startTestServer, waitForDocument, type TestServer } from '../helpers/server.js';

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
