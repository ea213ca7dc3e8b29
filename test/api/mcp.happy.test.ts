import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOk, connectHttp, textOf } from '../helpers/mcp.js';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.js';

describe('MCP over Streamable HTTP at /mcp', () => {
  let server: TestServer;
  let client: Client;
  beforeAll(async () => {
    server = await startTestServer();
    client = await connectHttp(server.url, server.adminKey);
  });
  afterAll(async () => {
    await client?.close();
    await server?.close();
  });

  it('lists the tools, each with a description and an input schema', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['forget', 'list_spaces', 'profile', 'recall', 'remember', 'switch_space', 'whoami']);
    for (const tool of tools) {
      expect(tool.description!.length, tool.name).toBeGreaterThan(40);
      expect(tool.inputSchema.type).toBe('object');
    }
    const recall = tools.find((t) => t.name === 'recall')!;
    expect(Object.keys(recall.inputSchema.properties!)).toEqual(
      expect.arrayContaining(['query', 'mode', 'containerTag', 'containerTags', 'limit', 'threshold']),
    );
  });

  it('remembers a fact, then recalls it with its id and score', async () => {
    const remembered = await callOk(client, 'remember', { content: 'Marguerite keeps bees on the roof of her flat in Lyon', containerTag: 'mcp_user_1' });
    const memoryId = remembered.structuredContent.memoryId;
    expect(textOf(remembered)).toContain(memoryId);

    const recalled = await waitFor(
      async () => {
        const result = await callOk(client, 'recall', { query: 'Who keeps bees?', containerTag: 'mcp_user_1', threshold: 0 });
        return result.structuredContent.results.some((r: any) => r.id === memoryId) ? result : undefined;
      },
      30_000,
      'the memory to be recalled',
    );
    const hit = recalled.structuredContent.results.find((r: any) => r.id === memoryId);
    expect(hit.score).toBeGreaterThan(0);
    expect(textOf(recalled)).toContain(`memory id: ${memoryId}`);
    expect(textOf(recalled)).toContain('bees');
  });

  it('recalls the answer to a plain question at its default threshold', async () => {
    await callOk(client, 'remember', { content: 'Ravi Menon just got a new job at Zerodha in Bengaluru', containerTag: 'mcp_user_2' });
    await callOk(client, 'remember', { content: 'Ravi Menon is learning the sitar', containerTag: 'mcp_user_2' });
    const recalled = await callOk(client, 'recall', { query: 'Where does Ravi work?', containerTag: 'mcp_user_2' });
    expect(recalled.structuredContent.results[0].text).toMatch(/Zerodha/);
  });
});

describe('MCP tools and resources', () => {
  let server: TestServer;
  let client: Client;
  beforeAll(async () => {
    server = await startTestServer();
    client = await connectHttp(server.url, server.adminKey, 'x-api-key');
  });
  afterAll(async () => {
    await client?.close();
    await server?.close();
  });

  it('profile shows what was remembered, with matching memories for a query', async () => {
    await callOk(client, 'remember', { content: 'Quentin is a marine biologist', containerTag: 'profiled', isStatic: true });
    const result = await waitFor(
      async () => {
        const r = await callOk(client, 'profile', { containerTag: 'profiled', query: 'biologist' });
        return r.structuredContent.profile.static.length ? r : undefined;
      },
      30_000,
      'the profile to hold the fact',
    );
    expect(result.structuredContent.profile.static.join(' ')).toContain('marine biologist');
    expect(textOf(result)).toContain('marine biologist');
    expect(result.structuredContent.matches[0]).toMatchObject({ memory: expect.stringContaining('biologist'), score: expect.any(Number) });
  });

  it('forget previews by default, changes nothing, then forgets the previewed ids', async () => {
    const { structuredContent: fact } = await callOk(client, 'remember', { content: 'Rosalind drives a green tram in Lisbon', containerTag: 'forgetting' });
    const preview = await callOk(client, 'forget', { statement: 'Rosalind drives a tram', containerTag: 'forgetting', threshold: 0.3 });
    expect(preview.structuredContent.dryRun).toBe(true);
    const ids = preview.structuredContent.memories.map((m: any) => m.id);
    expect(ids).toContain(fact.memoryId);
    expect(textOf(preview)).toMatch(/would be forgotten/);
    const stillThere = await callOk(client, 'recall', { query: 'green tram Lisbon', containerTag: 'forgetting', threshold: 0 });
    expect(stillThere.structuredContent.results.map((r: any) => r.id)).toContain(fact.memoryId);

    const done = await callOk(client, 'forget', { ids, containerTag: 'forgetting', dryRun: false });
    expect(done.structuredContent).toMatchObject({ dryRun: false, count: ids.length });
    const after = await callOk(client, 'recall', { query: 'green tram Lisbon', containerTag: 'forgetting', threshold: 0 });
    expect(after.structuredContent.results.map((r: any) => r.id)).not.toContain(fact.memoryId);
  });

  it('switch_space changes where calls without a containerTag go, for this session only', async () => {
    await callOk(client, 'switch_space', { containerTag: 'switched_space' });
    const { structuredContent } = await callOk(client, 'remember', { content: 'Tobias plays the bassoon' });
    expect(structuredContent.containerTag).toBe('switched_space');
    const spaces = await callOk(client, 'list_spaces');
    expect(spaces.structuredContent.spaces).toContainEqual(expect.objectContaining({ containerTag: 'switched_space', memoryCount: 1, current: true }));

    const other = await connectHttp(server.url, server.adminKey);
    try {
      expect((await callOk(other, 'whoami')).structuredContent.currentSpace).toBe('sm_project_default');
    } finally {
      await other.close();
    }
  });

  it('remembers a document, whose memories recall finds once it is processed', async () => {
    const { structuredContent } = await callOk(client, 'remember', {
      type: 'document',
      title: 'Trip notes',
      content: 'Notes from the trip. Wilhelmina learned to sail a catamaran in Brittany last summer.',
      containerTag: 'documents_space',
    });
    expect(structuredContent).toMatchObject({ type: 'document', documentId: expect.any(String), status: 'queued' });
    const recalled = await waitFor(
      async () => {
        const r = await callOk(client, 'recall', { query: 'catamaran sailing', containerTag: 'documents_space', mode: 'documents', threshold: 0 });
        return r.structuredContent.results.length ? r : undefined;
      },
      30_000,
      'the document to be searchable',
    );
    expect(recalled.structuredContent.results[0]).toMatchObject({ kind: 'document', documentId: structuredContent.documentId });
  });

  it('serves a space’s profile and recent memories as resources', async () => {
    const { structuredContent } = await callOk(client, 'remember', { content: 'Ulrich brews kombucha', containerTag: 'resource_space' });
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(expect.arrayContaining(['engram://spaces/resource_space/profile', 'engram://spaces/resource_space/memories']));
    const memories = await client.readResource({ uri: 'engram://spaces/resource_space/memories' });
    expect((memories.contents[0] as { text: string }).text).toContain(`memory id: ${structuredContent.memoryId}`);
    const profile = await client.readResource({ uri: 'engram://spaces/resource_space/profile' });
    expect((profile.contents[0] as { text: string }).text).toContain('Profile of space "resource_space"');
  });

  it('whoami names the organization, the key and what it may do', async () => {
    const { structuredContent } = await callOk(client, 'whoami');
    expect(structuredContent).toMatchObject({ role: 'admin', permission: 'write', scopedTo: null, organization: { slug: expect.any(String) } });
  });
});
