import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, waitFor, type ApiResponse, type TestServer } from '../helpers/server.js';
import { v5Contract, type V5Contract } from '../helpers/v5-contract.js';

/** POST /ns/{namespace}/document/file against the published contract: the upload path of /v3/documents/file, its limits, the v5 field names. */
describe('v5 file upload: the published contract', () => {
  let server: TestServer;
  let contract: V5Contract;

  async function upload(namespace: string, form: FormData, key?: string): Promise<ApiResponse> {
    const res = await server.request('POST', `/ns/${namespace}/document/file`, { raw: form, ...(key ? { key } : {}) });
    expect(contract.violations('postNsByNamespaceDocumentFile', { status: res.status, body: res.body }), JSON.stringify(res.body)).toEqual([]);
    return res;
  }

  const form = (fields: Record<string, string>, file: Blob | null = new Blob(['# Notes\n\nThe launch is planned for October.']), name = 'notes.md') => {
    const data = new FormData();
    if (file) data.append('file', file, name);
    for (const [field, value] of Object.entries(fields)) data.append(field, value);
    return data;
  };

  beforeAll(async () => {
    [server, contract] = await Promise.all([startTestServer({ MAX_BODY_BYTES: String(64 * 1024), MAX_FILE_BYTES: String(32 * 1024) }), v5Contract()]);
  });
  afterAll(async () => server?.close());

  it('uploads a file with the v5 fields, converted and processed as v3 uploads are, and read back through both APIs', async () => {
    const res = await upload(
      'user_files',
      form({ metadata: JSON.stringify({ source: 'upload' }), supportingContext: 'Focus on product decisions, dates, and owners.', date: '2026-01-15' }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: expect.any(String), status: 'queued' });
    const done = await waitFor(
      async () => {
        const doc = await server.request('GET', `/ns/user_files/document/${res.body.id}`);
        return ['done', 'failed'].includes(doc.body.system.status) ? doc.body : undefined;
      },
      30_000,
      'the upload to finish',
    );
    expect(done).toMatchObject({ system: { status: 'done' }, metadata: { source: 'upload' } });
    expect(done.content).toContain('The launch is planned for October.');
    const v3 = await server.request('GET', `/v3/documents/${res.body.id}`);
    expect(v3.body).toMatchObject({ containerTag: 'user_files', metadata: { source: 'upload' } });
    expect((await server.request('GET', '/ns/user_files')).body.supportingContext).toBe('Focus on product decisions, dates, and owners.');
  });

  it('refuses what v3 refuses (no file, bad metadata, too large, not multipart) and a field v5 does not name, storing nothing', async () => {
    const before = (await server.request('POST', '/ns/user_files/list/documents', { body: {} })).body.pagination.totalItems;
    expect((await upload('user_files', form({}, null))).status).toBe(400);
    expect((await upload('user_files', form({ metadata: '{not json' }))).status).toBe(400);
    expect((await upload('user_files', form({ containerTag: 'elsewhere' }))).status).toBe(400);
    expect((await upload('user_files', form({ fileType: 'audio' }))).status).toBe(400);
    // The contract lists no 413; a file above the server's limit is answered 413 all the same, as v3 answers it (docs/v5.md).
    const tooLarge = await server.request('POST', '/ns/user_files/document/file', { raw: form({}, new Blob(['y'.repeat(40 * 1024)]), 'big.txt') });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error).toBe('Payload too large');
    const json = await server.request('POST', '/ns/user_files/document/file', { body: { content: 'not multipart' } });
    expect(json.status).toBe(415);
    expect((await server.request('POST', '/ns/user_files/list/documents', { body: {} })).body.pagination.totalItems).toBe(before);
  });

  it('keeps a scoped key to its namespaces and a read key from writing', async () => {
    const other = await server.createKey({ containerTags: ['user_other'], permission: 'write' });
    expect((await upload('user_files', form({}), other)).status).toBe(403);
    const read = await server.createKey({ containerTags: ['user_files'], permission: 'read' });
    expect((await upload('user_files', form({}), read)).status).toBe(403);
  });

  it('replaces a document with a file, keeping its id (POST: fields reset; PATCH: fields kept), and refuses an unknown or another namespace’s id', async () => {
    const add = await server.request('POST', '/ns/user_files/document', { body: { id: 'spec', content: 'The first draft.', metadata: { source: 'draft' } } });
    expect(add.status).toBe(200);
    const call = async (operationId: string, method: string, path: string, data: FormData) => {
      const res = await server.request(method, path, { raw: data });
      expect(contract.violations(operationId, { status: res.status, body: res.body }), JSON.stringify(res.body)).toEqual([]);
      return res;
    };
    const done = (id: string) =>
      waitFor(
        async () => {
          const doc = await server.request('GET', `/ns/user_files/document/${id}`);
          return ['done', 'failed'].includes(doc.body.system.status) ? doc.body : undefined;
        },
        30_000,
        `document ${id} to finish`,
      );
    await done('spec');
    const patched = await call(
      'patchNsByNamespaceDocumentFileById',
      'PATCH',
      '/ns/user_files/document/file/spec',
      form({}, new Blob(['# Spec\n\nThe second draft.'])),
    );
    expect(patched.body).toEqual({ id: 'spec', status: 'queued' });
    const second = await done('spec');
    expect(second).toMatchObject({ system: { status: 'done' }, metadata: { source: 'draft' } });
    expect(second.content).toContain('The second draft.');
    const engramId = (await server.request('GET', '/v3/documents/spec')).body.id;
    const replaced = await call(
      'postNsByNamespaceDocumentFileById',
      'POST',
      `/ns/user_files/document/file/${engramId}`,
      form({}, new Blob(['# Spec\n\nThe final text.'])),
    );
    expect(replaced.body).toEqual({ id: 'spec', status: 'queued' });
    const final = await done('spec');
    expect(final.metadata).toEqual({});
    expect(final.content).toContain('The final text.');
    expect((await server.request('GET', '/v3/documents/spec')).body.id).toBe(engramId);

    expect((await call('postNsByNamespaceDocumentFileById', 'POST', '/ns/user_files/document/file/nosuchdoc', form({}))).status).toBe(404);
    expect((await call('postNsByNamespaceDocumentFileById', 'POST', '/ns/user_elsewhere/document/file/spec', form({}))).status).toBe(404);
    // Without a file, PATCH changes the fields given alone: the content stays and nothing is processed again.
    const fieldsOnly = await call(
      'patchNsByNamespaceDocumentFileById',
      'PATCH',
      '/ns/user_files/document/file/spec',
      form({ metadata: JSON.stringify({ a: 1 }) }, null),
    );
    expect(fieldsOnly.body).toEqual({ id: 'spec', status: 'done' });
    const kept = (await server.request('GET', '/ns/user_files/document/spec')).body;
    expect(kept).toMatchObject({ metadata: { a: 1 }, system: { status: 'done' } });
    expect(kept.content).toContain('The final text.');
    // A file's type without the file is refused, and POST (a whole replacement) still needs the file.
    expect((await call('patchNsByNamespaceDocumentFileById', 'PATCH', '/ns/user_files/document/file/spec', form({ fileType: 'pdf' }, null))).status).toBe(400);
    expect((await call('postNsByNamespaceDocumentFileById', 'POST', '/ns/user_files/document/file/spec', form({}, null))).status).toBe(400);
    expect((await call('patchNsByNamespaceDocumentFileById', 'PATCH', '/ns/user_files/document/file/nosuchdoc', form({ metadata: '{}' }, null))).status).toBe(
      404,
    );
  });
});
