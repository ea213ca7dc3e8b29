import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/errors.js';
import { seedStableTag, tagSnapshot } from '../helpers/tag-rows.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('container tags: bad input', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    await seedStableTag(server);
  });
  afterAll(async () => server?.close());

  const snapshot = () => tagSnapshot(server);

  const badTags: [string, string][] = [
    ['a space', 'has%20space'],
    ['a dot', 'has.dot'],
    ['a slash', 'has%2Fslash'],
    ['101 characters', 'a'.repeat(101)],
    ['non-ASCII letters', 'caf%C3%A9'],
  ];

  it.each(badTags)('answers 400 for a containerTag with %s on every tag route', async (_name, tag) => {
    const before = await snapshot();
    expectError(await server.request('GET', `/v3/container-tags/${tag}`), 400, /containerTag/);
    expectError(await server.request('PATCH', `/v3/container-tags/${tag}`, { body: { name: 'x' } }), 400, /containerTag/);
    expectError(await server.request('DELETE', `/v3/container-tags/${tag}`), 400, /containerTag/);
    const decoded = decodeURIComponent(tag);
    expectError(
      await server.request('POST', '/v3/container-tags/merge', { body: { containerTags: [decoded], targetContainerTag: 'stable' } }),
      400,
      /containerTags/,
    );
    expectError(
      await server.request('POST', '/v3/container-tags/merge', { body: { containerTags: ['stable'], targetContainerTag: decoded } }),
      400,
      /targetContainerTag/,
    );
    expect(await snapshot()).toEqual(before);
  });

  const badPatches: [string, unknown, RegExp][] = [
    ['entityContext over 1500 characters', { entityContext: 'e'.repeat(1501) }, /entityContext/],
    ['an empty name', { name: '' }, /name/],
    ['a name over 100 characters', { name: 'n'.repeat(101) }, /name/],
    ['a name that is not a string', { name: 42 }, /name/],
    ['memoryFilesystemPaths not an array', { memoryFilesystemPaths: '/notes/' }, /memoryFilesystemPaths/],
    ['an empty filesystem path', { memoryFilesystemPaths: [''] }, /memoryFilesystemPaths/],
    ['a bucket key with capitals and spaces', { profileBuckets: [{ key: 'Bad Key' }] }, /profileBuckets\.0\.key/],
    ['a bucket key starting with -', { profileBuckets: [{ key: '-work' }] }, /profileBuckets\.0\.key/],
    ['the reserved bucket key static', { profileBuckets: [{ key: 'static' }] }, /reserved/],
    ['the reserved bucket key dynamic', { profileBuckets: [{ key: 'dynamic' }] }, /reserved/],
    ['a bucket key over 64 characters', { profileBuckets: [{ key: 'k'.repeat(65) }] }, /profileBuckets\.0\.key/],
    ['duplicate bucket keys', { profileBuckets: [{ key: 'work' }, { key: 'work' }] }, /duplicate/],
    ['a bucket description over 2000 characters', { profileBuckets: [{ key: 'work', description: 'd'.repeat(2001) }] }, /description/],
    ['51 buckets', { profileBuckets: Array.from({ length: 51 }, (_, i) => ({ key: `b${i}` })) }, /profileBuckets/],
    ['an unknown field', { entityContext: 'fine', colour: 'blue' }, /colour/],
  ];

  it.each(badPatches)('PATCH refuses %s with 400 and changes nothing', async (_name, body, details) => {
    const before = await snapshot();
    expectError(await server.request('PATCH', '/v3/container-tags/stable', { body }), 400, details);
    expectError(await server.request('PATCH', '/v3/container-tags/not_created', { body }), 400, details);
    expect(await snapshot()).toEqual(before);
    expect((await server.request('GET', '/v3/container-tags/not_created')).status).toBe(404);
  });

  it('PATCH refuses a body that is not a JSON object', async () => {
    const before = await snapshot();
    expectError(await server.request('PATCH', '/v3/container-tags/stable', { body: ['name'] }), 400);
    expectError(await server.request('PATCH', '/v3/container-tags/stable', { raw: '{"name":', headers: { 'content-type': 'application/json' } }), 400);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 for unknown tags', async () => {
    expectError(await server.request('DELETE', '/v3/container-tags/never_existed'), 404);
    expectError(await server.request('GET', '/v3/container-tags/never_existed'), 404);
  });
});
