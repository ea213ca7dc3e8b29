import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/errors.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('documents: bad input', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ MAX_BODY_BYTES: String(64 * 1024), MAX_FILE_BYTES: String(32 * 1024) });
  });
  afterAll(async () => server?.close());

  async function documentCount(): Promise<number> {
    return (await server.request('POST', '/v3/documents/list', { body: {} })).body.totalCount;
  }

  const badAdds: [string, unknown, RegExp][] = [
    ['missing content', { containerTag: 'x' }, /body\.content/],
    ['empty content', { content: '' }, /body\.content/],
    ['content not a string', { content: 42 }, /body\.content/],
    ['bad containerTag characters', { content: 'x', containerTag: 'has space' }, /body\.containerTag/],
    ['containerTag too long', { content: 'x', containerTag: 'a'.repeat(101) }, /body\.containerTag/],
    ['nested metadata', { content: 'x', metadata: { a: { b: 1 } } }, /body\.metadata/],
    ['bad metadata key', { content: 'x', metadata: { 'bad key!': 1 } }, /body\.metadata/],
    ['unknown taskType', { content: 'x', taskType: 'dream' }, /body\.taskType/],
    ['bad customId', { content: 'x', customId: 'no/slashes' }, /body\.customId/],
    ['entityContext over 1500', { content: 'x', entityContext: 'e'.repeat(1501) }, /body\.entityContext/],
    ['two containerTags', { content: 'x', containerTags: ['a', 'b'] }, /containerTags/],
    ['invalid documentDate', { content: 'x', documentDate: 'not a date' }, /documentDate/],
  ];

  it.each(badAdds)('POST /v3/documents rejects %s with 400 and stores nothing', async (_name, body, details) => {
    const before = await documentCount();
    expectError(await server.request('POST', '/v3/documents', { body }), 400, details);
    expect(await documentCount()).toBe(before);
  });

  it('rejects malformed JSON and a non-object body', async () => {
    expectError(await server.request('POST', '/v3/documents', { raw: '{"content": ', headers: { 'content-type': 'application/json' } }), 400);
    expectError(await server.request('POST', '/v3/documents', { body: ['content'] }), 400);
    expectError(await server.request('POST', '/v3/documents', { raw: '{"__proto__": {"x": 1}, "content": "a"}', headers: { 'content-type': 'application/json' } }), 400);
  });

  it('answers 413 for bodies over the limit', async () => {
    const before = await documentCount();
    expectError(await server.request('POST', '/v3/documents', { body: { content: 'x'.repeat(70 * 1024) } }), 413);
    expect(await documentCount()).toBe(before);
  });

  it('validates batches as a whole: one bad item rejects all', async () => {
    const before = await documentCount();
    const res = await server.request('POST', '/v3/documents/batch', { body: { documents: ['fine', { content: 'x', containerTag: 'bad tag' }] } });
    expectError(res, 400, /body\.documents\.1/);
    expectError(await server.request('POST', '/v3/documents/batch', { body: { documents: [] } }), 400, /body\.documents/);
    expectError(await server.request('POST', '/v3/documents/batch', { body: { documents: Array(601).fill('x') } }), 400);
    expect(await documentCount()).toBe(before);
  });

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

  it('rejects bad list parameters and filters', async () => {
    const cases: unknown[] = [
      { limit: 0 },
      { limit: 1101 },
      { page: 0 },
      { sort: 'title' },
      { order: 'up' },
      { filters: '{broken' },
      { filters: { AND: [{ key: 'a' }] } },
      { filters: { XOR: [] } },
      { filters: { AND: [{ key: 'n', value: 'abc', filterType: 'numeric' }] } },
      { filters: { AND: [{ key: 'n', value: '1', filterType: 'regex' }] } },
      { filters: { AND: [{ AND: [{ AND: [{ AND: [{ AND: [{ key: 'deep', value: 'x' }] }] }] }] }] } },
    ];
    for (const body of cases) {
      const res = await server.request('POST', '/v3/documents/list', { body });
      expectError(res, 400);
    }
  });

  it('answers 404 with the error shape for unknown documents and routes', async () => {
    expectError(await server.request('GET', '/v3/documents/NoSuchDocument00000000'), 404);
    expectError(await server.request('PATCH', '/v3/documents/NoSuchDocument00000000', { body: { metadata: { a: 1 } } }), 404);
    expectError(await server.request('DELETE', '/v3/documents/NoSuchDocument00000000'), 404);
    expectError(await server.request('GET', '/v3/documents/NoSuchDocument00000000/chunks'), 404);
    expectError(await server.request('GET', '/v3/nothing-here'), 404);
  });

  it('answers 404 for file-url of a text document and 403 for a forged file link', async () => {
    const add = await server.request('POST', '/v3/documents', { body: { content: 'no file here' } });
    expectError(await server.request('GET', `/v3/documents/${add.body.id}/file-url`), 404);
    const forged = await fetch(`${server.url}/files/eyJvIjoiYSIsImQiOiJiIiwiZSI6OTk5OTk5OTk5OTk5OX0.forged`);
    expect(forged.status).toBe(403);
  });

  it('answers 403, not 500, to a file link whose MAC has the right characters but not the right bytes', async () => {
    const payload = 'eyJvIjoiYSIsImQiOiJiIiwiZSI6OTk5OTk5OTk5OTk5OX0';
    const mac = `é${'a'.repeat(42)}`; // an HMAC-SHA256 in base64url is 43 characters
    const res = await server.request('GET', `/files/${payload}.${encodeURIComponent(mac)}`, { key: null });
    expectError(res, 403);
  });

  it('rejects a bulk delete with nothing to delete or too many ids', async () => {
    expectError(await server.request('DELETE', '/v3/documents/bulk', { body: {} }), 400);
    expectError(await server.request('DELETE', '/v3/documents/bulk'), 400);
    expectError(await server.request('DELETE', '/v3/documents/bulk', { body: { ids: Array(101).fill('a') } }), 400, /ids/);
  });

  it('answers 409 with x-should-retry false when a customId is taken by another document', async () => {
    await server.request('POST', '/v3/documents', { body: { content: 'first', customId: 'taken', containerTag: 'c409' } });
    const other = await server.request('POST', '/v3/documents', { body: { content: 'second', containerTag: 'c409' } });
    const res = await server.request('PATCH', `/v3/documents/${other.body.id}`, { body: { customId: 'taken' } });
    expectError(res, 409);
    expect(res.headers.get('x-should-retry')).toBe('false');
  });
});
