import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/errors.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const _NUL = /contains a NUL character/;
const _SURROGATE = /unpaired UTF-16 surrogate/;

/** A filter tree `levels` AND-groups deep. */
function deepFilter(levels: number): unknown {
  let node: unknown = { key: 'k', value: 'v' };
  for (let i = 0; i < levels; i++) node = { AND: [node] };
  return node;
}

describe('request input PostgreSQL cannot store, or nesting that would overflow the stack', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  async function documentCount(): Promise<number> {
    return (await server.request('POST', '/v3/documents/list', { body: {} })).body.totalCount;
  }

  const badBodies: [string, string, string, unknown, RegExp][] = [
    ['NUL in content', 'POST', '/v3/documents', { content: 'a\u0000b' }, /^body\.content: contains a NUL/],
    ['NUL in filepath', 'POST', '/v3/documents', { content: 'x', filepath: '/a\u0000b' }, /^body\.filepath: contains a NUL/],
    [
      'lone surrogate in document metadata',
      'POST',
      '/v3/documents',
      { content: 'x', metadata: { note: 'a\uD800' } },
      /^body\.metadata\.note: contains an unpaired/,
    ],
    ['NUL in a metadata key', 'POST', '/v3/documents', { content: 'x', metadata: { 'a\u0000': 1 } }, /^body\.metadata: a key contains a NUL/],
    [
      'lone low surrogate in a batch item',
      'POST',
      '/v3/documents/batch',
      { documents: ['fine', { content: '\uDC00x' }] },
      /^body\.documents\.1\.content: contains an unpaired/,
    ],
    ['NUL in a document patch', 'PATCH', '/v3/documents/NoSuchDocument00000000', { metadata: { a: 'b\u0000' } }, /^body\.metadata\.a:/],
    [
      'NUL in a filter value',
      'POST',
      '/v3/documents/list',
      { filters: { AND: [{ key: 'a', value: 'x\u0000' }] } },
      /^body\.filters\.AND\.0\.value: contains a NUL/,
    ],
    ['NUL in a search query', 'POST', '/v4/search', { q: 'hello\u0000' }, /^body\.q: contains a NUL/],
    [
      'lone surrogate in memory metadata',
      'POST',
      '/v4/memories',
      { containerTag: 't', memories: [{ content: 'x', metadata: { note: '\uD83D' } }] },
      /^body\.memories\.0\.metadata\.note: contains an unpaired/,
    ],
    ['NUL in a memory update', 'PATCH', '/v4/memories', { containerTag: 't', id: 'm', newContent: 'x\u0000' }, /^body\.newContent:/],
    ['NUL in a forget id', 'DELETE', '/v4/memories', { containerTag: 't', id: 'a\u0000b' }, /^body\.id: contains a NUL/],
    ['NUL in forget content', 'POST', '/v3/memories/forget', { containerTag: 't', content: 'a\u0000b' }, /^body\.content: contains a NUL/],
    [
      'NUL in conversation message content',
      'POST',
      '/v4/conversations',
      { conversationId: 'c1', messages: [{ role: 'user', content: 'hi\u0000' }] },
      /^body\.messages\.0\.content: contains a NUL/,
    ],
    ['NUL in settings filterPrompt', 'PATCH', '/v3/settings', { filterPrompt: 'keep\u0000' }, /^body\.filterPrompt: contains a NUL/],
    ['lone surrogate in settings workspacePrompt', 'PATCH', '/v3/settings', { workspacePrompt: '\uDFFF' }, /^body\.workspacePrompt: contains an unpaired/],
    ['NUL in a settings category', 'PATCH', '/v3/settings', { categories: ['ok', 'b\u0000'] }, /^body\.categories\.1:/],
    ['NUL in a connector client id', 'PATCH', '/v3/settings', { googleDriveClientId: 'id\u0000' }, /^body\.googleDriveClientId:/],
    ['NUL in a profile bucket', 'PATCH', '/v3/settings', { profileBuckets: [{ name: 'b\u0000', description: 'd' }] }, /^body\.profileBuckets\.0\.name:/],
  ];

  it.each(badBodies)('refuses %s with 400 naming the field', async (_name, method, path, body, details) => {
    expectError(await server.request(method, path, { body }), 400, details);
  });

  it('stores nothing and keeps settings when a field is refused', async () => {
    const before = await documentCount();
    expectError(await server.request('POST', '/v3/documents', { body: { content: 'a\u0000b' } }), 400);
    expect(await documentCount()).toBe(before);
    const settings = (await server.request('GET', '/v3/settings')).body;
    expectError(await server.request('PATCH', '/v3/settings', { body: { filterPrompt: 'x\u0000' } }), 400);
    expect((await server.request('GET', '/v3/settings')).body).toEqual(settings);
  });

  it('refuses NUL in path and query parameters', async () => {
    expectError(await server.request('GET', '/v3/documents/a%00b'), 400, /^params\.id: contains a NUL/);
    expectError(await server.request('DELETE', '/v3/documents/a%00b'), 400, /^params\.id:/);
    expectError(await server.request('GET', '/v3/documents/abc?containerTag=x%00'), 400, /^querystring\.containerTag: contains a NUL/);
    expectError(await server.request('GET', '/v3/documents/processing?containerTags=a%00'), 400, /^querystring\.containerTags:/);
  });

  it('refuses NUL and lone surrogates in filters sent as a JSON string', async () => {
    const nul = JSON.stringify({ AND: [{ key: 'a', value: 'x\u0000' }] });
    expectError(await server.request('POST', '/v3/documents/list', { body: { filters: nul } }), 400, /^filters\.AND\.0\.value: contains a NUL/);
    const surrogate = JSON.stringify({ OR: [{ key: 'a', value: '\uD800' }] });
    expectError(
      await server.request('POST', '/v4/memories/list', { body: { containerTags: ['t'], filters: surrogate } }),
      400,
      /^filters\.OR\.0\.value: contains an unpaired/,
    );
  });

  it('refuses NUL in multipart fields, JSON-in-field values and filenames', async () => {
    const before = await documentCount();
    const field = new FormData();
    field.append('file', new Blob(['hello']), 'a.txt');
    field.append('title', 'a\u0000b');
    expectError(await server.request('POST', '/v3/documents/file', { raw: field }), 400, /^body\.title: contains a NUL/);

    const metadata = new FormData();
    metadata.append('file', new Blob(['hello']), 'a.txt');
    metadata.append('metadata', '{"note":"x\\u0000"}');
    expectError(await server.request('POST', '/v3/documents/file', { raw: metadata }), 400, /^body\.metadata\.note: contains a NUL/);

    const filename = new FormData();
    filename.append('file', new Blob(['hello']), 'a\u0000.txt');
    expectError(await server.request('POST', '/v3/documents/file', { raw: filename }), 400, /^file\.filename: contains a NUL/);
    expect(await documentCount()).toBe(before);
  });

  it('refuses dates JavaScript reads but PostgreSQL cannot store', async () => {
    const before = await documentCount();
    const range = /outside the supported years 1–9999/;
    expectError(await server.request('POST', '/v3/documents', { body: { content: 'x', documentDate: '-271821-04-20' } }), 400, /documentDate/);
    expectError(await server.request('POST', '/v3/documents', { body: { content: 'x', documentDate: '+010000-01-01' } }), 400, range);
    expectError(
      await server.request('POST', '/v4/conversations', {
        body: { conversationId: 'c2', messages: [{ role: 'user', content: 'hi' }], documentDate: '-000001-01-01' },
      }),
      400,
      /documentDate/,
    );
    expect(await documentCount()).toBe(before);
    expectError(
      await server.request('POST', '/v4/memories', { body: { containerTag: 't', memories: [{ content: 'x', forgetAfter: '+200000-01-01' }] } }),
      400,
      /^memories\.0\.forgetAfter: .*outside the supported years/,
    );
    expectError(
      await server.request('POST', '/v4/memories', {
        body: { containerTag: 't', memories: [{ content: 'x', temporalContext: { documentDate: '+275000-01-01' } }] },
      }),
      400,
      /^memories\.0\.temporalContext\.documentDate:/,
    );
    expectError(
      await server.request('PATCH', '/v4/memories', { body: { containerTag: 't', id: 'm', newContent: 'x', forgetAfter: '+200000-01-01' } }),
      400,
      /^forgetAfter:/,
    );
  });

  it('still accepts the edges of the supported range', async () => {
    const early = await server.request('POST', '/v3/documents', { body: { content: 'x', documentDate: '0001-01-01' } });
    expect(early.status).toBe(200);
    const late = await server.request('POST', '/v4/memories', {
      body: { containerTag: 't', memories: [{ content: 'late', forgetAfter: '9999-12-31T23:59:59Z' }] },
    });
    expect(late.status).toBe(201);
  });

  it('answers 400 for filter trees nested 1,000 deep, as an object or as a JSON string, on every route taking filters', async () => {
    const object = deepFilter(1000);
    const text = JSON.stringify(deepFilter(1000));
    expect(text.length).toBeLessThan(20_000);
    const routes: [string, string, Record<string, unknown>][] = [
      ['POST', '/v3/documents/list', {}],
      ['POST', '/v3/search', { q: 'x' }],
      ['POST', '/v4/search', { q: 'x' }],
      ['POST', '/v4/memories/list', { containerTags: ['t'] }],
      ['POST', '/v4/profile', { containerTag: 't' }],
    ];
    for (const [method, path, body] of routes) {
      expectError(await server.request(method, path, { body: { ...body, filters: object } }), 400, /nested deeper than 64|nest at most 5/);
      expectError(await server.request(method, path, { body: { ...body, filters: text } }), 400, /^filters(\.AND\.0)+: filters nest at most 5 levels/);
    }
  });

  it('names the filter depth limit for trees just past it', async () => {
    // 30 levels fit in the body's 64 JSON levels, so the route's recursive schema sees them first.
    for (const filters of [deepFilter(6), JSON.stringify(deepFilter(6)), deepFilter(30), JSON.stringify(deepFilter(30))]) {
      expectError(await server.request('POST', '/v3/documents/list', { body: { filters } }), 400, /filters nest at most 5 levels/);
    }
    expect((await server.request('POST', '/v3/documents/list', { body: { filters: deepFilter(4) } })).status).toBe(200);
  });

  it('bounds JSON nesting in every body, not only in filters', async () => {
    const deep = `${'['.repeat(10_000)}"x"${']'.repeat(10_000)}`;
    const raw = `{"content":"x","metadata":{"deep":${deep}}}`;
    const res = await server.request('POST', '/v3/documents', { raw, headers: { 'content-type': 'application/json' } });
    expectError(res, 400, /^body\.metadata\.deep(\.0)+: nested deeper than 64 levels/);
  });
});
