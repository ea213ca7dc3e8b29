import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/errors.js';
import { callError, callOk, connectClient, connectHttp, httpTransport, postMcp, sessionOf } from '../helpers/mcp.js';
import { createPrincipals, SCOPED_TAG, type Who } from '../helpers/principals.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('MCP security: the same keys, scopes and limits as the REST API', () => {
  let server: TestServer;
  let keys: Record<Who, string>;
  const clients: Client[] = [];
  const connect = async (key: string) => {
    const client = await connectHttp(server.url, key);
    clients.push(client);
    return client;
  };
  beforeAll(async () => {
    server = await startTestServer();
    keys = await createPrincipals(server);
  });
  afterAll(async () => {
    for (const client of clients) await client.close();
    await server?.close();
  });

  it('no key, or an unknown key, is 401 in the error shape', async () => {
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    };
    const noKey = await server.request('POST', '/mcp', { key: null, body: init, headers: { accept: 'application/json, text/event-stream' } });
    expectError(noKey, 401);
    const badKey = await server.request('POST', '/mcp', {
      key: 'em_unknown_key_0123456789',
      body: init,
      headers: { accept: 'application/json, text/event-stream' },
    });
    expectError(badKey, 401);
    await expect(connectClient(httpTransport(server.url, null))).rejects.toMatchObject({ code: 401, message: expect.stringMatching(/Missing API key/) });
  });

  it('a scoped key works in its own tag and starts there', async () => {
    const client = await connect(keys.scopedWrite);
    expect((await callOk(client, 'whoami')).structuredContent).toMatchObject({ scopedTo: [SCOPED_TAG], currentSpace: SCOPED_TAG });
    const { structuredContent } = await callOk(client, 'remember', { content: 'Valentina studies glaciers' });
    expect(structuredContent.containerTag).toBe(SCOPED_TAG);
    const recalled = await callOk(client, 'recall', { query: 'glaciers', threshold: 0 });
    expect(recalled.structuredContent.results.map((r: any) => r.id)).toContain(structuredContent.memoryId);
  });

  it('a scoped key is refused outside its tag, by every tool and resource', async () => {
    const admin = await connect(keys.admin);
    const secret = (await callOk(admin, 'remember', { content: 'Wendeline hides the spare key under the doormat', containerTag: 'private_tag' }))
      .structuredContent;

    const client = await connect(keys.scopedWrite);
    for (const [name, args] of [
      ['remember', { content: 'x', containerTag: 'private_tag' }],
      ['recall', { query: 'spare key', containerTag: 'private_tag', threshold: 0 }],
      ['recall', { query: 'spare key', containerTags: [SCOPED_TAG, 'private_tag'], threshold: 0 }],
      ['profile', { containerTag: 'private_tag' }],
      ['forget', { statement: 'spare key', containerTag: 'private_tag' }],
      ['switch_space', { containerTag: 'private_tag' }],
    ] as const) {
      const text = await callError(client, name, args);
      expect(text, name).toMatch(/may not access that container tag/);
      expect(text, name).not.toContain('doormat');
    }
    // Its own tag does not reach the memory by id either.
    const byId = await callOk(client, 'forget', { ids: [secret.memoryId], dryRun: false });
    expect(byId.structuredContent.count).toBe(0);
    // Its listings show only its tag.
    const spaces = (await callOk(client, 'list_spaces')).structuredContent.spaces.map((s: any) => s.containerTag);
    expect(spaces).not.toContain('private_tag');
    const { resources } = await client.listResources();
    expect(resources.some((r) => r.uri.includes('private_tag'))).toBe(false);
    await expect(client.readResource({ uri: 'engram://spaces/private_tag/memories' })).rejects.toThrow(/may not access that container tag/);
    // And the memory is still there.
    const still = await callOk(admin, 'recall', { query: 'spare key doormat', containerTag: 'private_tag', threshold: 0 });
    expect(still.structuredContent.results.map((r: any) => r.id)).toContain(secret.memoryId);
  });

  it('another organization sees nothing of this one', async () => {
    const admin = await connect(keys.admin);
    const mine = (await callOk(admin, 'remember', { content: 'Xaver grows chillies on the balcony', containerTag: 'org_a_tag' })).structuredContent;
    const other = await connect(keys.otherOrg);
    const recalled = await callOk(other, 'recall', { query: 'chillies balcony', containerTag: 'org_a_tag', threshold: 0 });
    expect(recalled.structuredContent.results).toEqual([]);
    const forgot = await callOk(other, 'forget', { ids: [mine.memoryId], containerTag: 'org_a_tag', dryRun: false });
    expect(forgot.structuredContent.count).toBe(0);
    expect((await callOk(other, 'list_spaces')).structuredContent.spaces.map((s: any) => s.containerTag)).not.toContain('org_a_tag');
  });

  it('a read-only key may recall and preview, not remember or forget', async () => {
    const client = await connect(keys.scopedRead);
    expect(await callError(client, 'remember', { content: 'Yvonne paints' })).toMatch(/read-only/);
    expect(await callError(client, 'forget', { statement: 'anything', dryRun: false })).toMatch(/read-only/);
    expect((await callOk(client, 'forget', { statement: 'anything' })).structuredContent.dryRun).toBe(true);
    await callOk(client, 'recall', { query: 'anything' });
  });

  it('a session answers only the key that opened it', async () => {
    const client = await connect(keys.admin);
    await callOk(client, 'whoami');
    const sessionId = sessionOf(client).id;
    expect(sessionId).toBeTruthy();
    const res = await postMcp(
      server.url,
      keys.member,
      { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'whoami', arguments: {} } },
      { id: sessionId },
    );
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { message: 'Session not found' } });
  });

  it('the key’s rate limit applies to /mcp', async () => {
    const limited = await server.createKey({ containerTags: ['limited'], rateLimit: { max: 3, windowMs: 60_000 } });
    const client = await connect(limited).catch((error: Error) => error);
    const refusals: { code?: number; message: string }[] = [];
    if (client instanceof Error) refusals.push(client);
    else {
      for (let i = 0; i < 4; i++) await client.callTool({ name: 'whoami', arguments: {} }).catch((error: Error) => refusals.push(error));
    }
    expect(refusals[0]).toMatchObject({ code: 429, message: expect.stringMatching(/Too many requests/) });
  });
});
