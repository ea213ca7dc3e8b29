import { APIResponseError, Client, collectPaginatedAPI, verifyWebhookSignature } from '@notionhq/client';
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeNotion, LEGACY_NOTION_VERSION, NOTION_VERSION } from './notion/index.js';

let notion: FakeNotion;
let client: Client;

beforeAll(async () => {
  notion = await FakeNotion.start();
  client = new Client({ auth: notion.token(), baseUrl: notion.apiUrl, notionVersion: NOTION_VERSION, retry: false, logger: () => undefined });
});
afterAll(() => notion.close());

describe('FakeNotion with the official Notion client', () => {
  it('pages search and block children with start_cursor and has_more', async () => {
    const page = notion.state.addPage({ title: 'Long', blocks: Array.from({ length: 120 }, (_, i) => ({ type: 'paragraph' as const, text: `p${i}` })) });
    for (let i = 0; i < 3; i++) notion.state.addPage({ title: `Other ${i}` });
    const found = await collectPaginatedAPI(client.search, { page_size: 2 });
    expect(found).toHaveLength(4);
    const blocks = await collectPaginatedAPI(client.blocks.children.list, { block_id: page.id });
    expect(blocks).toHaveLength(120);
    const retrieved = await client.pages.retrieve({ page_id: page.id });
    expect(retrieved).toMatchObject({ object: 'page', id: page.id, properties: { title: { type: 'title' } } });
  });

  it('models a database with two data sources as 2025-09-03 does, and refuses it under 2022-06-28 as Notion does', async () => {
    expect(NOTION_VERSION).toBe(Client.defaultNotionVersion);
    const db = notion.state.addDatabase({ title: 'Projects', schema: { Name: 'title', Stage: 'select' } });
    notion.state.addPage({ title: 'Launch', parent: db, values: { Stage: 'Now' } });
    const archive = notion.state.addDataSource(db, { title: 'Archive', schema: { Name: 'title', Year: 'number' } });
    notion.state.addPage({ title: 'Old launch', parent: archive, values: { Year: 2019 } });

    const retrieved = await client.databases.retrieve({ database_id: db.id });
    expect(retrieved).toMatchObject({
      object: 'database',
      data_sources: [
        { id: db.sources[0], name: 'Projects' },
        { id: archive.id, name: 'Archive' },
      ],
    });
    const source = await client.dataSources.retrieve({ data_source_id: archive.id });
    expect(source).toMatchObject({ object: 'data_source', parent: { type: 'database_id', database_id: db.id }, properties: { Year: { type: 'number' } } });
    const rows = await collectPaginatedAPI(client.dataSources.query, { data_source_id: archive.id });
    expect(rows).toMatchObject([{ object: 'page', parent: { type: 'data_source_id', data_source_id: archive.id, database_id: db.id } }]);
    const sources = await collectPaginatedAPI(client.search, { filter: { property: 'object', value: 'data_source' } });
    expect(sources.map((s) => s.id).sort()).toEqual([...db.sources].sort());

    for (const [method, path] of [
      ['GET', `/v1/databases/${db.id}`],
      ['POST', `/v1/databases/${db.id}/query`],
    ] as const) {
      const legacy = await fetch(`${notion.apiUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${notion.token()}`, 'notion-version': LEGACY_NOTION_VERSION, 'content-type': 'application/json' },
        ...(method === 'POST' && { body: '{}' }),
      });
      expect(legacy.status).toBe(400);
      expect(await legacy.json()).toMatchObject({
        object: 'error',
        status: 400,
        code: 'validation_error',
        message: 'Databases with multiple data sources are not supported in this API version.',
        additional_data: { error_type: 'multiple_data_sources_for_database', database_id: db.id, child_data_source_ids: db.sources },
      });
    }
    // The endpoint 2025-09-03 replaced is gone.
    const removed = await client.request({ path: `databases/${db.id}/query`, method: 'post', body: {} }).catch((e: unknown) => e);
    expect(removed).toMatchObject({ code: 'invalid_request_url', status: 400 });
  });

  it('answers errors the client turns into APIResponseError with Notion codes', async () => {
    const missing = await client.pages.retrieve({ page_id: '00000000-0000-4000-8000-000000000000' }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(APIResponseError);
    expect(missing).toMatchObject({ code: 'object_not_found', status: 404 });
    notion.rateLimit({ retryAfterSeconds: 3 });
    expect(await client.users.me({}).catch((e: unknown) => e)).toMatchObject({ code: 'rate_limited', status: 429 });
    const stranger = new Client({ auth: 'ntn_unknown', baseUrl: notion.apiUrl, notionVersion: NOTION_VERSION, retry: false, logger: () => undefined });
    expect(await stranger.users.me({}).catch((e: unknown) => e)).toMatchObject({ code: 'unauthorized', status: 401 });
  });

  it('exchanges a code through the client (Basic client credentials)', async () => {
    const redirectUri = 'http://127.0.0.1:9/callback';
    notion.oauth.register({ clientId: 'sdk-client', clientSecret: 'sdk-secret', redirectUris: [redirectUri] });
    const authorize = await fetch(
      `${notion.apiUrl}/v1/oauth/authorize?client_id=sdk-client&response_type=code&owner=user&redirect_uri=${encodeURIComponent(redirectUri)}&state=s`,
      { redirect: 'manual' },
    );
    const code = new URL(authorize.headers.get('location')!).searchParams.get('code')!;
    const tokens = await client.oauth.token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: 'sdk-client',
      client_secret: 'sdk-secret',
    });
    expect(tokens).toMatchObject({ token_type: 'bearer', workspace_id: expect.any(String), owner: { type: 'user' } });
  });

  it('revokes a token through the client: the API refuses it then, and a second revocation is an error', async () => {
    notion.oauth.register({ clientId: 'revoking-client', clientSecret: 'revoking-secret', redirectUris: [] });
    const token = notion.token();
    const revoker = { client_id: 'revoking-client', client_secret: 'revoking-secret', token };
    await expect(client.oauth.revoke({ ...revoker, client_secret: 'wrong' })).rejects.toMatchObject({ status: 401 });
    expect(await client.oauth.revoke(revoker)).toMatchObject({ request_id: expect.any(String) });
    expect(notion.oauth.revocations.at(-1)).toBe(token);
    const revoked = new Client({ auth: token, baseUrl: notion.apiUrl, notionVersion: NOTION_VERSION, retry: false, logger: () => undefined });
    await expect(revoked.users.me({})).rejects.toMatchObject({ code: 'unauthorized', status: 401 });
    await expect(client.oauth.revoke(revoker)).rejects.toMatchObject({ status: 400 });
  });

  it('signs webhook events as the client verifies them', async () => {
    const token = 'secret_verification';
    const seen: boolean[] = [];
    const server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      seen.push(
        await verifyWebhookSignature({
          body: Buffer.concat(chunks),
          signature: req.headers['x-notion-signature'] as string | undefined,
          verificationToken: token,
        }),
      );
      res.writeHead(200).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
    const page = notion.state.addPage({ title: 'Hooked' });
    for (const mode of ['valid', 'wrong', 'missing'] as const) await notion.sendEvent(url, token, { type: 'page.created', entity: page }, mode);
    expect(seen).toEqual([true, false, false]);
    server.close();
  });
});
