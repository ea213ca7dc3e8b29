import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getFile } from '../../src/store/documents.js';
import { queryRows } from '../../src/store/sql.js';
import { startTestServer, waitForDocument, type TestServer } from '../helpers/server.js';
import { FakeOpenAiEmbeddings } from '../fakes/openai-embeddings.js';
import { buildDocx, buildTextPdf, textImage } from '../fixtures/convert/office.js';
import { uploadFile as upload } from '../helpers/upload.js';

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
    expect(doc.type).toBe('text');
    expect(doc.processingMetadata).toMatchObject({ format: 'csv', mimeType: 'text/csv' });
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

/** Links the API hands out for a document's attachments. */
const FILE_LINK = /\]\((http:\/\/[^)\s]+\/files\/[^)\s]+)\)/g;

describe('documents upload: attachments, titles, forced types, progress', () => {
  let server: TestServer;
  let embeddings: FakeOpenAiEmbeddings;

  beforeAll(async () => {
    // Embeddings from a fake endpoint: what is tested here ends before them, and many pages embed slowly offline.
    embeddings = await FakeOpenAiEmbeddings.start({ dimension: 16 });
    server = await startTestServer({ EMBEDDINGS_BASE_URL: embeddings.baseUrl, EMBEDDINGS_MODEL: 'fake-embed-16' });
  });
  afterAll(async () => {
    await server?.close();
    await embeddings?.close();
  });

  it('stores the image of a DOCX and links it from the markdown through a signed URL that serves its bytes', async () => {
    const id = await upload(server, await buildDocx(), 'application/octet-stream', 'plan.docx');
    const doc = await waitForDocument(server, id);
    expect(doc.status).toBe('done');
    expect(doc.type).toBe('text');
    expect(doc.processingMetadata).toMatchObject({ format: 'docx', mimeType: expect.stringContaining('wordprocessingml') });
    expect(doc.processingMetadata.steps.find((s: { name: string }) => s.name === 'extracting')!.detail).toEqual({ attachments: 1 });
    expect(doc.content).not.toContain('attachment:');
    const links = [...doc.content!.matchAll(FILE_LINK)].map((m) => m[1]);
    expect(links).toHaveLength(1);

    const image = await fetch(links[0]);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = new Uint8Array(await image.arrayBuffer());
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

    const chunks = await server.request('GET', `/v3/documents/${id}/chunks`);
    expect(chunks.body.chunks.map((c: { content: string }) => c.content).join('\n')).toMatch(FILE_LINK);
    const listed = await server.request('POST', '/v3/documents/list', { body: { includeContent: true } });
    expect(listed.body.memories.find((d: { id: string }) => d.id === id).content).toMatch(FILE_LINK);

    const v3 = await server.request('POST', '/v3/search', { body: { q: 'Sales chart', docId: id, onlyMatchingChunks: false } });
    const v3Chunks = v3.body.results.flatMap((r: { chunks: { content: string }[] }) => r.chunks.map((c) => c.content)).join('\n');
    expect(v3Chunks).toMatch(FILE_LINK);
    expect(v3Chunks).not.toContain('attachment:');
    const v4 = await server.request('POST', '/v4/search', { body: { q: 'Sales chart', searchMode: 'documents', threshold: 0 } });
    const v4Chunks = v4.body.results.filter((r: { documentId?: string }) => r.documentId === id).map((r: { chunk: string }) => r.chunk);
    expect(v4Chunks.join('\n')).toMatch(FILE_LINK);
    expect(v4Chunks.join('\n')).not.toContain('attachment:');
  });

  it('deletes the attachments with their document', async () => {
    const id = await upload(server, await buildDocx(), 'application/octet-stream', 'gone.docx');
    const doc = await waitForDocument(server, id);
    const [link] = [...doc.content!.matchAll(FILE_LINK)].map((m) => m[1]);
    expect((await fetch(link)).status).toBe(200);
    expect((await server.request('DELETE', `/v3/documents/${id}`)).status).toBe(204);
    const after = await fetch(link);
    expect(after.status).toBe(404);
    expect(await after.json()).toMatchObject({ error: expect.any(String) });
  });

  it('titles a PDF from its metadata, a file without one from its name, and keeps a title the caller gave', async () => {
    const pdf = await buildTextPdf(2);
    const fromMetadata = await waitForDocument(server, await upload(server, pdf, 'application/pdf', 'scan_0001.pdf'));
    expect(fromMetadata).toMatchObject({ status: 'done', type: 'pdf', title: 'Handbook' });

    const given = await waitForDocument(server, await upload(server, pdf, 'application/pdf', 'scan_0002.pdf', { title: 'My own title' }));
    expect(given.title).toBe('My own title');

    const png = await textImage(['Harbour opens at dawn']);
    const named = await waitForDocument(server, await upload(server, png, 'image/png', 'harbour.png'));
    expect(named).toMatchObject({ status: 'done', type: 'image', title: 'harbour.png' });
  });

  it('OCRs a file uploaded with fileType image whatever its name says', async () => {
    const png = await textImage(['Invoice 2024', 'Total due 310 EUR']);
    const id = await upload(server, png, 'application/octet-stream', 'upload.bin', { fileType: 'image', mimeType: 'image/png' });
    const doc = await waitForDocument(server, id);
    expect(doc).toMatchObject({ status: 'done', type: 'image' });
    expect(doc.processingMetadata.format).toBe('png');
    expect(doc.content).toMatch(/Invoice 2024\s+Total due 310 EUR/);
    const [link] = [...doc.content!.matchAll(FILE_LINK)].map((m) => m[1]);
    const served = await fetch(link);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(png))).toBe(true);
    // The image is the uploaded file itself: it is kept once, not copied into the attachment.
    const [row] = await queryRows<{ size: number; copied: boolean }>(
      server.app.database.db,
      sql`SELECT size, data IS NOT NULL AS copied FROM document_attachments WHERE document_id = ${id}`,
    );
    expect(row).toEqual({ size: png.byteLength, copied: false });
  });

  it('records the pages of a many-page PDF on the extracting step', async () => {
    const id = await upload(server, await buildTextPdf(60), 'application/pdf', 'manual.pdf', { taskType: 'superrag' });
    const doc = await waitForDocument(server, id);
    expect(doc.status).toBe('done');
    const extracting = doc.processingMetadata.steps.find((s: { name: string }) => s.name === 'extracting');
    expect(extracting).toMatchObject({ status: 'completed', detail: { pages: 60, pagesTotal: 60 } });
  });
});
