import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/errors.js';
import { startTestServer, waitForDocument, type TestServer } from '../helpers/server.js';

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
