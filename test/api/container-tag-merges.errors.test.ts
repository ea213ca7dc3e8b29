import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/errors.js';
import { seedStableTag, tagSnapshot } from '../helpers/tag-rows.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('container tag merges: bad input', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    await seedStableTag(server);
  });
  afterAll(async () => server?.close());

  const snapshot = () => tagSnapshot(server);

  const badMerges: [string, unknown, number, RegExp][] = [
    ['no body fields', {}, 400, /targetContainerTag/],
    ['no target', { containerTags: ['stable', 'other'] }, 400, /targetContainerTag/],
    ['no tags', { targetContainerTag: 'stable' }, 400, /containerTags/],
    ['an empty tag list', { containerTags: [], targetContainerTag: 'stable' }, 400, /containerTags/],
    ['only the target', { containerTags: ['stable'], targetContainerTag: 'stable' }, 400, /other than/],
    ['twelve tags', { containerTags: Array.from({ length: 12 }, (_, i) => `t${i}`), targetContainerTag: 't0' }, 400, /containerTags/],
    ['disagreeing target aliases', { containerTags: ['stable'], targetContainerTag: 'a', targetTag: 'b' }, 400, /targetTag/],
    ['tags that are not strings', { containerTags: [1, 2], targetContainerTag: 'stable' }, 400, /containerTags/],
    ['an unknown field', { containerTags: ['stable'], targetContainerTag: 'x', force: true }, 400, /force/],
    ['a source that does not exist', { containerTags: ['no_such_tag'], targetContainerTag: 'stable' }, 404, /no_such_tag/],
  ];

  it.each(badMerges)('merge refuses %s and starts nothing', async (_name, body, status, details) => {
    const before = await snapshot();
    expectError(await server.request('POST', '/v3/container-tags/merge', { body }), status, details);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 for unknown merges', async () => {
    expectError(await server.request('GET', '/v3/container-tags/merge/NoSuchMerge00000000000'), 404);
  });
});
