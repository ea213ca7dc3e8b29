import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/errors.js';
import { startTestServer, waitForDocument, type TestServer } from '../helpers/server.js';
import { FileLinks, FILE_LINK_TTL_MS } from '../../src/core/access/file-links.js';
import { FakeOpenAiEmbeddings } from '../fakes/openai-embeddings.js';
import { buildDocx } from '../fixtures/convert/office.js';

describe('document files: authorization and isolation', () => {
  let server: TestServer;
  let readOnlyKey: string;
  let scopedKey: string;
  let otherOrgKey: string;
  let fileDoc: string;
  const ABSENT = 'NoSuchDocument00000000';

  function upload(key: string | null | undefined, containerTag?: string) {
    const form = new FormData();
    form.append('file', new Blob(['private attachment']), 'private.txt');
    if (containerTag) form.append('containerTag', containerTag);
    return server.request('POST', '/v3/documents/file', { key, raw: form });
  }

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MAX: '1000' });
    readOnlyKey = await server.createKey({ permission: 'read' });
    scopedKey = await server.createKey({ containerTags: ['upload_scoped'], permission: 'write' });
    otherOrgKey = await server.createKey({ orgName: 'upload-other', role: 'admin' });
    fileDoc = (await upload(undefined, 'upload_team')).body.id;
    await waitForDocument(server, fileDoc);
  });
  afterAll(async () => server?.close());

  it('answers 401 without a key or with an unknown one, on the upload and the link', async () => {
    for (const key of [null, 'em_not_a_real_key']) {
      expectError(await upload(key, 'upload_team'), 401);
      expectError(await server.request('GET', `/v3/documents/${fileDoc}/file-url`, { key }), 401);
    }
  });

  it('refuses uploads to a read-only key, and lets it link a file', async () => {
    expectError(await upload(readOnlyKey, 'upload_team'), 403);
    expect((await server.request('GET', `/v3/documents/${fileDoc}/file-url`, { key: readOnlyKey })).status).toBe(200);
  });

  it("answers another organization's file exactly as one that does not exist", async () => {
    const absent = await server.request('GET', `/v3/documents/${ABSENT}/file-url`, { key: otherOrgKey });
    expectError(absent, 404);
    const theirs = await server.request('GET', `/v3/documents/${fileDoc}/file-url`, { key: otherOrgKey });
    expect({ status: theirs.status, body: theirs.body }).toEqual({ status: absent.status, body: absent.body });
  });

  it("keeps a scoped key inside its tag: uploads land there, another tag's file is absent to it", async () => {
    const own = await upload(scopedKey);
    expect(own.status).toBe(200);
    expect((await waitForDocument(server, own.body.id, scopedKey)).containerTag).toBe('upload_scoped');
    expectError(await upload(scopedKey, 'upload_team'), 403);

    const absent = await server.request('GET', `/v3/documents/${ABSENT}/file-url`, { key: scopedKey });
    const other = await server.request('GET', `/v3/documents/${fileDoc}/file-url`, { key: scopedKey });
    expectError(other, 404);
    expect(other.body).toEqual(absent.body);
  });
});

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
    link = FILE_LINK.exec(doc.content!)![1];
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
