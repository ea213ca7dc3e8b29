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
    expect(Object.keys(recall.inputSchema.properties!)).toEqual(expect.arrayContaining(['query', 'mode', 'containerTag', 'containerTags', 'limit', 'threshold']));
  });

  it('remembers a fact, then recalls it with its id and score', async () => {
    const remembered = await callOk(client, 'remember', { content: 'Marguerite keeps bees on the roof of her flat in Lyon', containerTag: 'mcp_user_1' });
    const memoryId = remembered.structuredContent.memoryId;
    expect(textOf(remembered)).toContain(memoryId);

    const recalled = await waitFor(async () => {
      const result = await callOk(client, 'recall', { query: 'Who keeps bees?', containerTag: 'mcp_user_1', threshold: 0 });
      return result.structuredContent.results.some((r: any) => r.id === memoryId) ? result : undefined;
    }, 30_000, 'the memory to be recalled');
    const hit = recalled.structuredContent.results.find((r: any) => r.id === memoryId);
    expect(hit.score).toBeGreaterThan(0);
    expect(textOf(recalled)).toContain(`memory id: ${memoryId}`);
    expect(textOf(recalled)).toContain('bees');
  });
});
