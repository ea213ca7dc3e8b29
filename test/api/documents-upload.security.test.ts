import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileLinks, FILE_LINK_TTL_MS } from '../../src/core/access/file-links.js';
import { FakeOpenAiEmbeddings } from '../fakes/openai-embeddings.js';
import { buildDocx } from '../fixtures/convert/office.js';
import { startTestServer, waitForDocument, type TestServer } from '../helpers/server.js';

const SECRET = 'attachment-link-test-secret-0123456789';
const FILE_LINK = /\]\((http:\/\/[^)\s]+\/files\/([^)\s]+))\)/;

async function expectRefused(url: string, status: number): Promise<void> {
  const res = await fetch(url);
  expect(res.status).toBe(status);
  const body = await res.json();
  expect(typeof body.error).toBe('string');
  expect(Object.keys(body).every((k) => k === 'error' || k === 'details')).toBe(true);
}

describe('documents upload: attachments are confined like their document', () => {
  let server: TestServer;
  let embeddings: FakeOpenAiEmbeddings;
  let otherOrg: string;
  let documentId: string;
  let link: string;

  beforeAll(async () => {
    embeddings = await FakeOpenAiEmbeddings.start({ dimension: 16 });
    server = await startTestServer({ ENGRAM_SECRET_KEY: SECRET, EMBEDDINGS_BASE_URL: embeddings.baseUrl, EMBEDDINGS_MODEL: 'fake-embed-16' });
    otherOrg = await server.createKey({ orgName: 'other-org', role: 'admin', name: 'other org admin' });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await buildDocx())]), 'private.docx');
    documentId = (await server.request('POST', '/v3/documents/file', { raw: form })).body.id;
    const doc = await waitForDocument(server, documentId);
    link = FILE_LINK.exec(doc.content)![1];
    expect((await fetch(link)).status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
    await embeddings?.close();
  });

  it('shows another organization neither the document, its chunks nor its attachment links', async () => {
    for (const path of [`/v3/documents/${documentId}`, `/v3/documents/${documentId}/chunks`]) {
      expect((await server.request('GET', path, { key: otherOrg })).status).toBe(404);
    }
    const listed = await server.request('POST', '/v3/documents/list', { key: otherOrg, body: { includeContent: true } });
    expect(JSON.stringify(listed.body)).not.toContain('/files/');
  });

  it('refuses a link signed for another organization, an edited link and an expired one', async () => {
    const origin = new URL(link).origin;
    const token = FILE_LINK.exec(`](${link})`)![2];
    const claims = JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString('utf8'));
    expect(claims).toMatchObject({ d: documentId, a: expect.any(String) });

    const otherOrgId = 'org_that_is_not_the_owner';
    const forged = Buffer.from(JSON.stringify({ ...claims, o: otherOrgId })).toString('base64url');
    await expectRefused(`${origin}/files/${forged}.${token.split('.')[1]}`, 403);

    const wrongKey = new FileLinks(Buffer.from('another-secret'), { now: () => new Date() });
    const [foreign] = wrongKey.linkAttachments(`![x](attachment:${claims.a})`, claims.o, documentId, origin).match(/http[^)]+/)!;
    await expectRefused(foreign, 403);

    const past = new FileLinks(Buffer.from(SECRET, 'utf8'), { now: () => new Date(Date.now() - FILE_LINK_TTL_MS - 60_000) });
    const [expired] = past.linkAttachments(`![x](attachment:${claims.a})`, claims.o, documentId, origin).match(/http[^)]+/)!;
    await expectRefused(expired, 403);

    const fresh = new FileLinks(Buffer.from(SECRET, 'utf8'), { now: () => new Date() });
    const [valid] = fresh.linkAttachments(`![x](attachment:${claims.a})`, claims.o, documentId, origin).match(/http[^)]+/)!;
    expect((await fetch(valid)).status).toBe(200);
    const [missing] = fresh.linkAttachments('![x](attachment:no-such-file.png)', claims.o, documentId, origin).match(/http[^)]+/)!;
    await expectRefused(missing, 404);
  });

  it('serves an attachment so a browser cannot run it', async () => {
    const res = await fetch(link);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  });
});
