import { sql } from 'drizzle-orm';
import Supermemory from 'supermemory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SettingsService } from '../../src/core/settings/settings-service.js';
import { selectRows } from '../helpers/seed-memories.js';
import { startTestServer, waitForDocument, type TestServer } from '../helpers/server.js';

const SECRET_KEY = 'settings-test-secret-key-0123456789abcdef';

describe('settings: happy paths', () => {
  let server: TestServer;
  let orgId: string;

  beforeAll(async () => {
    server = await startTestServer({ ENGRAM_SECRET_KEY: SECRET_KEY });
    orgId = (await server.request('GET', '/v3/session')).body.org.id;
  });
  afterAll(async () => server?.close());

  it("takes the official SDK's plain lists for excludeItems and includeItems, answered as patterns", async () => {
    // Configured as README says, through the environment.
    const saved = { url: process.env.SUPERMEMORY_BASE_URL, key: process.env.SUPERMEMORY_API_KEY };
    process.env.SUPERMEMORY_BASE_URL = server.url;
    process.env.SUPERMEMORY_API_KEY = server.adminKey;
    const client = new Supermemory({ maxRetries: 0 });
    for (const [name, value] of [
      ['SUPERMEMORY_BASE_URL', saved.url],
      ['SUPERMEMORY_API_KEY', saved.key],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await client.settings.update({ excludeItems: ['pdf', 'Archive'], includeItems: ['Team *'] });
    const settings = await client.settings.get();
    expect(settings.excludeItems).toEqual({ patterns: ['pdf', 'Archive'] });
    expect(settings.includeItems).toEqual({ patterns: ['Team *'] });
    // The object form still works and replaces the list; an entry over 20 characters is refused.
    await client.settings.update({ excludeItems: { fileTypes: ['exe'] }, includeItems: null });
    expect(await client.settings.get()).toMatchObject({ excludeItems: { fileTypes: ['exe'] }, includeItems: null });
    const refused = await server.request('PATCH', '/v3/settings', { body: { excludeItems: ['x'.repeat(21)] } });
    expect(refused.status).toBe(400);
    expect((await client.settings.get()).excludeItems).toEqual({ fileTypes: ['exe'] });
    await client.settings.update({ excludeItems: null });
  });

  it('reads defaults for every field, under the spec names and the SDK alias names', async () => {
    const res = await server.request('GET', '/v3/settings');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      excludeItems: null,
      includeItems: null,
      filterPrompt: null,
      shouldLLMFilter: null,
      chunkSize: null,
      profileBuckets: [],
      workspacePrompt: null,
    });
    for (const name of ['cloudDrive', 'googleDrive', 'notesWorkspace', 'notion', 'officeDrive', 'onedrive', 'codeHost', 'github']) {
      for (const field of ['CustomKeyEnabled', 'ClientId', 'ClientSecret']) expect(res.body[`${name}${field}`]).toBeNull();
    }
  });

  it('updates general fields, echoes them under updated with orgId and orgSlug, and reads them back', async () => {
    const body = {
      excludeItems: { fileTypes: ['exe', '.zip'], folderNames: ['Archive'], titlePatterns: ['*draft*'] },
      includeItems: { fileTypes: ['pdf', 'docx'] },
      shouldLLMFilter: true,
      filterPrompt: 'Only engineering documents',
      categories: ['engineering', 'design'],
      chunkSize: 1500,
      profileBuckets: [{ key: 'work', description: 'Career' }, { key: 'health' }],
      workspacePrompt: 'w'.repeat(1500),
    };
    const res = await server.request('PATCH', '/v3/settings', { body });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      orgId,
      orgSlug: 'default',
      updated: {
        ...body,
        profileBuckets: [
          { key: 'work', description: 'Career' },
          { key: 'health', description: '' },
        ],
      },
    });
    const read = await server.request('GET', '/v3/settings');
    expect(read.body).toMatchObject({
      ...body,
      profileBuckets: [
        { key: 'work', description: 'Career' },
        { key: 'health', description: '' },
      ],
    });
  });

  it('accepts the second body variant ({workspacePrompt} alone) and an empty object', async () => {
    const alone = await server.request('PATCH', '/v3/settings', { body: { workspacePrompt: 'We are a small design studio.' } });
    expect(alone.status).toBe(200);
    expect(alone.body.updated).toEqual({ workspacePrompt: 'We are a small design studio.' });
    const before = (await server.request('GET', '/v3/settings')).body;
    const empty = await server.request('PATCH', '/v3/settings', { body: {} });
    expect(empty.status).toBe(200);
    expect(empty.body.updated).toEqual({});
    expect((await server.request('GET', '/v3/settings')).body).toEqual(before);
    expect(before.chunkSize).toBe(1500);
  });

  it('resets a field to its default with null', async () => {
    const res = await server.request('PATCH', '/v3/settings', { body: { excludeItems: null, categories: null, chunkSize: null, profileBuckets: null } });
    expect(res.body.updated).toEqual({ excludeItems: null, categories: null, chunkSize: null, profileBuckets: null });
    const read = await server.request('GET', '/v3/settings');
    expect(read.body).toMatchObject({ excludeItems: null, categories: null, chunkSize: null, profileBuckets: [] });
    expect(read.body.includeItems).toEqual({ fileTypes: ['pdf', 'docx'] });
  });

  it('stores connector client secrets sealed, answers them masked, and takes SDK alias names', async () => {
    const secret = 'drive-client-secret-7f3a9c';
    const res = await server.request('PATCH', '/v3/settings', {
      body: { googleDriveClientId: 'drive-client.apps.example', googleDriveClientSecret: secret, googleDriveCustomKeyEnabled: true },
    });
    expect(res.status).toBe(200);
    expect(res.body.updated).toEqual({
      googleDriveCustomKeyEnabled: true,
      googleDriveClientId: 'drive-client.apps.example',
      googleDriveClientSecret: '********3a9c',
    });

    const read = await server.request('GET', '/v3/settings');
    for (const name of ['cloudDrive', 'googleDrive']) {
      expect(read.body[`${name}CustomKeyEnabled`]).toBe(true);
      expect(read.body[`${name}ClientId`]).toBe('drive-client.apps.example');
      expect(read.body[`${name}ClientSecret`]).toBe(`********${secret.slice(-4)}`);
    }
    expect(JSON.stringify(read.body)).not.toContain(secret);

    const [row] = await selectRows<{ settings: string; sealed: string; sealed_json: Record<string, string> }>(
      server,
      sql`select settings::text as settings, sealed_secrets::text as sealed, sealed_secrets as sealed_json from org_settings where org_id = ${orgId}`,
    );
    expect(row.settings).not.toContain(secret);
    expect(row.sealed).not.toContain(secret);
    const box = SettingsService.secretBox(Buffer.from(SECRET_KEY, 'utf8'));
    expect(box.open(row.sealed_json.cloudDrive, `${orgId}:cloudDriveClientSecret`)).toBe(secret);

    // Sending back the masked value leaves the secret as it is.
    const roundTrip = await server.request('PATCH', '/v3/settings', {
      body: { cloudDriveClientSecret: read.body.cloudDriveClientSecret, cloudDriveClientId: 'renamed-client' },
    });
    expect(roundTrip.status).toBe(200);
    expect(roundTrip.body.updated).toEqual({ cloudDriveClientId: 'renamed-client', cloudDriveClientSecret: `********${secret.slice(-4)}` });
    const [after] = await selectRows<{ sealed_json: Record<string, string> }>(
      server,
      sql`select sealed_secrets as sealed_json from org_settings where org_id = ${orgId}`,
    );
    expect(box.open(after.sealed_json.cloudDrive, `${orgId}:cloudDriveClientSecret`)).toBe(secret);

    // Both spellings in one body are fine when they agree.
    const both = await server.request('PATCH', '/v3/settings', { body: { githubClientId: 'gh-app', codeHostClientId: 'gh-app' } });
    expect(both.body.updated).toEqual({ codeHostClientId: 'gh-app', githubClientId: 'gh-app' });
  });

  it('masks short secrets completely and clears a secret with null', async () => {
    await server.request('PATCH', '/v3/settings', { body: { notionClientId: 'notion-app', notionClientSecret: 'short' } });
    expect((await server.request('GET', '/v3/settings')).body.notesWorkspaceClientSecret).toBe('********');
    const cleared = await server.request('PATCH', '/v3/settings', { body: { notesWorkspaceClientSecret: null } });
    expect(cleared.body.updated).toEqual({ notesWorkspaceClientSecret: null });
    const read = await server.request('GET', '/v3/settings');
    expect(read.body.notionClientSecret).toBeNull();
    expect(read.body.notionClientId).toBe('notion-app');
  });

  it('steers chunking with chunkSize', async () => {
    const sentences = Array.from({ length: 60 }, (_, i) => `Sentence number ${i} talks about topic ${i % 7} in some detail.`);
    const content = sentences.join(' ');
    const maxChunkLength = async (documentId: string) => {
      await waitForDocument(server, documentId);
      const res = await server.request('GET', `/v3/documents/${documentId}/chunks`);
      return { count: res.body.total as number, longest: Math.max(...res.body.chunks.map((c: { content: string }) => c.content.length)) };
    };

    const before = await server.request('POST', '/v3/documents', { body: { content, containerTag: 'chunking' } });
    const byDefault = await maxChunkLength(before.body.id);
    expect(byDefault.longest).toBeGreaterThan(300);

    expect((await server.request('PATCH', '/v3/settings', { body: { chunkSize: 200 } })).status).toBe(200);
    const small = await server.request('POST', '/v3/documents', { body: { content, containerTag: 'chunking', customId: 'small' } });
    const bySetting = await maxChunkLength(small.body.id);
    expect(bySetting.longest).toBeLessThanOrEqual(200);
    expect(bySetting.count).toBeGreaterThan(byDefault.count * 3);

    // Another organization keeps the default.
    const otherKey = await server.createKey({ orgName: 'chunk-other', role: 'admin' });
    const other = await server.request('POST', '/v3/documents', { key: otherKey, body: { content } });
    await waitForDocument(server, other.body.id, otherKey);
    const otherChunks = await server.request('GET', `/v3/documents/${other.body.id}/chunks`, { key: otherKey });
    expect(otherChunks.body.total).toBe(byDefault.count);

    expect((await server.request('PATCH', '/v3/settings', { body: { chunkSize: -1 } })).body.updated).toEqual({ chunkSize: -1 });
    const again = await server.request('POST', '/v3/documents', { body: { content, containerTag: 'chunking', customId: 'again' } });
    expect((await maxChunkLength(again.body.id)).count).toBe(byDefault.count);
  });
});
