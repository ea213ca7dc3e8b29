import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../helpers/seed-memories.js';
import { expectError } from '../helpers/errors.js';
import { startTestServer, waitForDocument, type TestServer } from '../helpers/server.js';

describe('POST /v3/settings/reset: bad input', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    const initial = await server.request('PATCH', '/v3/settings', { body: { workspacePrompt: 'Initial prompt', chunkSize: 800 } });
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

  it('refuses a reset without a non-empty confirmation, deleting nothing', async () => {
    const documentsBefore = (await server.request('POST', '/v3/documents/list', { body: {} })).body.totalCount;
    const before = await snapshot();
    for (const body of [undefined, {}, { confirmation: '' }, { confirmation: 42 }, { confirmation: null }]) {
      expectError(await server.request('POST', '/v3/settings/reset', { body }), 400, /confirmation|body/);
    }
    expect((await server.request('POST', '/v3/documents/list', { body: {} })).body.totalCount).toBe(documentsBefore);
    expect(documentsBefore).toBe(1);
    expect(await snapshot()).toEqual(before);
  });
});
