import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/errors.js';
import { callOk, connectHttp, postMcp } from '../helpers/mcp.js';
import { startTestServer, type ApiResponse, type TestServer } from '../helpers/server.js';

const PER_KEY = 2;
const TOTAL = 4;

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'engram-tests', version: '1' } },
};

describe('MCP sessions: capped per key and per process, never closed for another key', () => {
  let server: TestServer;
  const clients: Client[] = [];
  const connect = async (key: string) => {
    const client = await connectHttp(server.url, key);
    clients.push(client);
    return client;
  };
  /** Opens a session with a bare initialize (/mcp is outside the OpenAPI document, so plain fetch); the session id when it was opened. */
  const initialize = async (key: string): Promise<ApiResponse & { sessionId: string | null }> => {
    const res = await postMcp(server.url, key, INITIALIZE);
    return { status: res.status, headers: res.headers, body: await res.json(), sessionId: res.headers.get('mcp-session-id') };
  };
  const endSession = async (key: string, sessionId: string) => {
    const res = await fetch(`${server.url}/mcp`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${key}`, 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-06-18' },
    });
    expect(res.status).toBe(200);
  };

  beforeAll(async () => {
    server = await startTestServer({ MCP_SESSIONS_PER_KEY: String(PER_KEY), MCP_SESSIONS_MAX: String(TOTAL) });
  });
  afterAll(async () => {
    for (const client of clients) await client.close().catch(() => undefined);
    await server?.close();
  });

  it('a key past its cap gives up its own least recently used session; the others keep their space', async () => {
    const key = await server.createKey({ orgName: 'per-key-org', role: 'admin', name: 'many sessions' });
    const first = await connect(key);
    const second = await connect(key);
    await callOk(second, 'switch_space', { containerTag: 'second_space' });
    await callOk(first, 'switch_space', { containerTag: 'first_space' });
    const third = await connect(key);

    expect((await callOk(first, 'whoami')).structuredContent.currentSpace).toBe('first_space');
    await callOk(third, 'whoami');
    await expect(second.callTool({ name: 'whoami', arguments: {} })).rejects.toMatchObject({ code: 404 });
    // Ended (DELETE), so the next test starts with only its own sessions held.
    for (const client of [first, third]) await (client.transport as StreamableHTTPClientTransport).terminateSession();
  });

  it('another organization filling the process is refused with a reason, and the victim’s session lives on', async () => {
    const victimKey = await server.createKey({ orgName: 'victim-org', role: 'admin', name: 'victim' });
    const victim = await connect(victimKey);
    await callOk(victim, 'switch_space', { containerTag: 'victim_space' });

    const attackers = [];
    for (let i = 0; i < 3; i++) attackers.push(await server.createKey({ orgName: `attacker-org-${i}`, role: 'admin', name: `attacker ${i}` }));
    const opened: { key: string; sessionId: string }[] = [];
    const refused: ApiResponse[] = [];
    for (const key of attackers) {
      for (let i = 0; i < PER_KEY; i++) {
        const res = await initialize(key);
        if (res.sessionId) opened.push({ key, sessionId: res.sessionId });
        else refused.push(res);
      }
    }

    expect(opened).toHaveLength(TOTAL - 1);
    expect(refused).toHaveLength(attackers.length * PER_KEY - (TOTAL - 1));
    for (const res of refused) {
      expectError(res, 503, /most MCP sessions \(4\)/);
      expect(res.headers.get('retry-after')).toBe('60');
    }
    expect((await callOk(victim, 'whoami')).structuredContent.currentSpace).toBe('victim_space');

    for (const { key, sessionId } of opened) await endSession(key, sessionId);
    expect((await initialize(attackers[0]!)).sessionId).toBeTruthy();
    expect((await callOk(victim, 'whoami')).structuredContent.currentSpace).toBe('victim_space');
  });
});
