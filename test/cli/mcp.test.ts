import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callError, callOk, connectClient, textOf } from '../helpers/mcp.js';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.js';

const CLI = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));

/** `engram mcp` as a child process, launched the way an agent client launches it. */
function engramMcp(env: Record<string, string>, args: string[] = []): StdioClientTransport {
  return new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', CLI, 'mcp', ...args],
    env: { ...(process.env as Record<string, string>), LOG_LEVEL: 'warn', ...env },
    stderr: 'pipe',
  });
}

describe('engram mcp over stdio, relayed to a running server', () => {
  let server: TestServer;
  const clients: Client[] = [];
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    for (const client of clients.splice(0)) await client.close();
  });
  afterAll(async () => server?.close());

  const connect = async (env: Record<string, string>, args: string[] = []) => {
    const client = await connectClient(engramMcp(env, args));
    clients.push(client);
    return client;
  };

  it('lists the tools, remembers and recalls through the server', async () => {
    const client = await connect({ ENGRAM_URL: server.url, ENGRAM_API_KEY: server.adminKey });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['remember', 'recall', 'forget', 'profile', 'list_spaces', 'switch_space', 'whoami']));

    const remembered = await callOk(client, 'remember', { content: 'Ottoline repairs vintage typewriters on weekends', containerTag: 'stdio_user' });
    const memoryId = remembered.structuredContent.memoryId;
    const recalled = await waitFor(
      async () => {
        const result = await callOk(client, 'recall', { query: 'typewriter repair', containerTag: 'stdio_user', threshold: 0 });
        return result.structuredContent.results.some((r: any) => r.id === memoryId) ? result : undefined;
      },
      30_000,
      'the memory to be recalled',
    );
    expect(textOf(recalled)).toContain(memoryId);

    // The memory is the server's: the REST API sees it too.
    const listed = await server.request('POST', '/v4/memories/list', { body: { containerTag: 'stdio_user' } });
    expect(listed.body.memoryEntries.map((e: any) => e.id)).toContain(memoryId);
  });

  it('keeps the switched space for the session, and takes the URL and key as flags', async () => {
    const client = await connect({}, ['--url', `${server.url}/`, '--api-key', server.adminKey]);
    await callOk(client, 'switch_space', { containerTag: 'stdio_switched' });
    const remembered = await callOk(client, 'remember', { content: 'Hyacinth collects antique barometers' });
    expect(remembered.structuredContent.containerTag).toBe('stdio_switched');
    expect((await callOk(client, 'whoami')).structuredContent.currentSpace).toBe('stdio_switched');
  });

  it('answers a bad argument with an MCP error and keeps serving', async () => {
    const client = await connect({ ENGRAM_URL: server.url, ENGRAM_API_KEY: server.adminKey });
    expect(await callError(client, 'recall', { query: 'anything', limit: 'ten' })).toMatch(/limit/);
    expect((await callOk(client, 'whoami')).structuredContent.role).toBe('admin');
  });

  it('fails to connect with a key the server refuses, saying why', async () => {
    await expect(connect({ ENGRAM_URL: server.url, ENGRAM_API_KEY: 'em_not_a_key_0123456789' })).rejects.toThrow(/401|Invalid API key/);
  });
});

describe('engram mcp over stdio on the embedded database', () => {
  let dataDir: string;
  let client: Client | undefined;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'engram-mcp-'));
  });
  afterAll(async () => {
    await client?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('opens the database itself when no server is given: remember, then recall', async () => {
    const key = 'em_local_mcp_key_0123456789abcdef';
    client = await connectClient(engramMcp({ DATA_DIR: dataDir, ENGRAM_API_KEY: key }));
    const remembered = await callOk(client, 'remember', { content: 'Peregrine bakes sourdough every Sunday morning' });
    const memoryId = remembered.structuredContent.memoryId;
    const recalled = await waitFor(
      async () => {
        const result = await callOk(client!, 'recall', { query: 'sourdough baking', threshold: 0 });
        return result.structuredContent.results.some((r: any) => r.id === memoryId) ? result : undefined;
      },
      30_000,
      'the memory to be recalled',
    );
    expect(textOf(recalled)).toContain('sourdough');
  });
});
