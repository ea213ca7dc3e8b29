import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../helpers/seed-memories.js';
import { expectError } from '../helpers/errors.js';
import { startTestServer, waitForDocument, type TestServer } from '../helpers/server.js';

describe('settings: bad input', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    const initial = await server.request('PATCH', '/v3/settings', {
      body: {
        workspacePrompt: 'Initial prompt',
        includeItems: { fileTypes: ['pdf'] },
        chunkSize: 800,
        officeDriveClientId: 'office-app',
        officeDriveClientSecret: 'office-secret-abcdef',
      },
    });
    expect(initial.status).toBe(200);
    const doc = await server.request('POST', '/v3/documents', { body: { content: 'Survives bad resets', containerTag: 'kept' } });
    await waitForDocument(server, doc.body.id);
  });
  afterAll(async () => server?.close());

  async function snapshot() {
    return {
      settings: (await server.request('GET', '/v3/settings')).body,
      stored: await selectRows(server, sql`select settings, sealed_secrets from org_settings order by org_id`),
    };
  }

  const badPatches: [string, unknown, RegExp][] = [
    ['workspacePrompt over 1500 characters', { workspacePrompt: 'w'.repeat(1501) }, /workspacePrompt/],
    ['filterPrompt over 750 characters', { shouldLLMFilter: true, filterPrompt: 'f'.repeat(751) }, /filterPrompt/],
    ['an empty filterPrompt', { shouldLLMFilter: true, filterPrompt: '   ' }, /filterPrompt/],
    ['filterPrompt without shouldLLMFilter', { filterPrompt: 'only code' }, /shouldLLMFilter/],
    ['filterPrompt with shouldLLMFilter false', { filterPrompt: 'only code', shouldLLMFilter: false }, /shouldLLMFilter/],
    ['categories without shouldLLMFilter', { categories: ['code'] }, /shouldLLMFilter/],
    ['a category over 50 characters', { shouldLLMFilter: true, categories: ['c'.repeat(51)] }, /categories/],
    ['an include item over 20 characters', { includeItems: { fileTypes: ['x'.repeat(21)] } }, /includeItems\.fileTypes\.0/],
    ['an empty exclude item', { excludeItems: { folderNames: [''] } }, /excludeItems\.folderNames\.0/],
    ['a blank title pattern', { excludeItems: { titlePatterns: ['  '] } }, /excludeItems\.titlePatterns\.0/],
    ['item lists that are not arrays', { excludeItems: { fileTypes: 'pdf' } }, /excludeItems\.fileTypes/],
    ['an unknown item list', { includeItems: { extensions: ['pdf'] } }, /extensions/],
    ['items given as a plain string', { includeItems: 'pdf' }, /includeItems/],
    ['chunkSize below the chunker minimum', { chunkSize: 50 }, /chunkSize/],
    ['chunkSize above the chunker maximum', { chunkSize: 9000 }, /chunkSize/],
    ['a fractional chunkSize', { chunkSize: 512.5 }, /chunkSize/],
    ['chunkSize as a string', { chunkSize: '512' }, /chunkSize/],
    ['zero chunkSize', { chunkSize: 0 }, /chunkSize/],
    ['a bucket key with capitals', { profileBuckets: [{ key: 'Work' }] }, /profileBuckets\.0\.key/],
    ['the reserved bucket key static', { profileBuckets: [{ key: 'static' }] }, /reserved/],
    ['duplicate bucket keys', { profileBuckets: [{ key: 'a' }, { key: 'a' }] }, /duplicate/],
    ['51 buckets', { profileBuckets: Array.from({ length: 51 }, (_, i) => ({ key: `k${i}` })) }, /profileBuckets/],
    ['a bucket description over 2000 characters', { profileBuckets: [{ key: 'a', description: 'd'.repeat(2001) }] }, /description/],
    ['shouldLLMFilter as a string', { shouldLLMFilter: 'yes' }, /shouldLLMFilter/],
    ['a misspelt field', { chunksize: 512 }, /chunksize/],
    ['a custom key without credentials', { codeHostCustomKeyEnabled: true }, /codeHostClientId/],
    ['a custom key with an id but no secret', { githubCustomKeyEnabled: true, githubClientId: 'gh' }, /ClientSecret/],
    ['clearing the id of an enabled custom key', { officeDriveCustomKeyEnabled: true, officeDriveClientId: null }, /officeDriveClientId/],
    ['alias and spec name disagreeing', { cloudDriveClientId: 'a', googleDriveClientId: 'b' }, /disagree/],
    ['a masked value as a new secret', { notionClientId: 'n', notionClientSecret: '********abcd' }, /masked/],
    ['an empty client secret', { cloudDriveClientSecret: '' }, /cloudDriveClientSecret/],
    ['a client id over 256 characters', { onedriveClientId: 'i'.repeat(257) }, /onedriveClientId/],
  ];

  it.each(badPatches)('PATCH refuses %s with 400 and stores nothing', async (_name, body, details) => {
    const before = await snapshot();
    expectError(await server.request('PATCH', '/v3/settings', { body }), 400, details);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a valid field next to an invalid one, storing neither', async () => {
    const before = await snapshot();
    expectError(await server.request('PATCH', '/v3/settings', { body: { workspacePrompt: 'changed', chunkSize: 5 } }), 400, /chunkSize/);
    expectError(await server.request('PATCH', '/v3/settings', { body: { workspacePrompt: 'changed', codeHostCustomKeyEnabled: true } }), 400);
    expect(await snapshot()).toEqual(before);
    expect(before.settings.workspacePrompt).toBe('Initial prompt');
  });

  it('refuses bodies that are not a JSON object', async () => {
    const before = await snapshot();
    expectError(await server.request('PATCH', '/v3/settings', { body: [] }), 400);
    expectError(await server.request('PATCH', '/v3/settings', { body: 'workspacePrompt' }), 400);
    expectError(await server.request('PATCH', '/v3/settings', { raw: '{"workspacePrompt":', headers: { 'content-type': 'application/json' } }), 400);
    expect(await snapshot()).toEqual(before);
  });
});
