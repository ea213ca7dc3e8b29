import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callError, callOk, connectHttp, postMcp, sessionOf } from '../helpers/mcp.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('MCP errors: bad arguments are MCP errors, the session goes on', () => {
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

  it.each([
    ['recall', { query: 'x', limit: 'ten' }, /limit/],
    ['recall', { query: 'x', threshold: 2 }, /threshold/],
    ['recall', {}, /query/],
    ['recall', { query: 'x', mode: 'everything' }, /mode/],
    ['remember', { content: '   ' }, /content/],
    ['remember', { content: 'x', containerTag: 'no spaces/allowed' }, /containerTag/],
    ['remember', { content: 'a'.repeat(10_001) }, /content: a fact has at most 10000 characters/],
    ['forget', {}, /exactly one of ids or statement/],
    ['forget', { ids: ['a'], statement: 'b' }, /exactly one of ids or statement/],
    ['switch_space', { containerTag: '' }, /containerTag/],
  ])('%s with %j answers an error naming the argument', async (name, args, pattern) => {
    expect(await callError(client, name, args)).toMatch(pattern);
  });

  it('text PostgreSQL cannot store is refused at the edge, naming the argument', async () => {
    const error = await client.callTool({ name: 'remember', arguments: { content: 'a NUL \u0000 inside' } }).then(
      () => undefined,
      (e: Error & { code?: number }) => e,
    );
    expect(error?.code).toBe(400);
    expect(error?.message).toMatch(/params\.arguments\.content: contains a NUL character/);
  });

  it('an unknown tool is an MCP error too', async () => {
    const answer = await client.callTool({ name: 'no_such_tool', arguments: {} }).then(
      (result) => JSON.stringify(result),
      (error: Error) => error.message,
    );
    expect(answer).toMatch(/no_such_tool/);
  });

  it('a resource of a malformed space is a JSON-RPC error', async () => {
    await expect(client.readResource({ uri: 'engram://spaces/bad%20tag/profile' })).rejects.toThrow(/Invalid resource URI|containerTag/);
  });

  /** A raw JSON-RPC request in the client's session: the SDK's client only sends well-formed params. */
  const rawRequest = async (method: string, params: unknown) => {
    const res = await postMcp(server.url, server.adminKey, { jsonrpc: '2.0', id: 7, method, params }, sessionOf(client));
    expect(res.status).toBe(200);
    return res.json();
  };

  it.each([
    ['tools/call', { name: 'recall', arguments: 'query=x' }, /^Invalid params: params\.arguments: .*expected record, received string/],
    ['tools/call', { name: 'recall', arguments: [1] }, /^Invalid params: params\.arguments: .*received array/],
    ['tools/call', { arguments: {} }, /^Invalid params: params\.name: .*expected string/],
    ['resources/read', { uri: 5 }, /^Invalid params: params\.uri: .*expected string/],
    ['resources/list', { cursor: 5 }, /^Invalid params: params\.cursor/],
  ])('%s with params %j is JSON-RPC invalid params naming the field, not an internal error', async (method, params, pattern) => {
    const answer = await rawRequest(method, params);
    expect(answer).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32602 } });
    expect(answer.error.message).toMatch(pattern);
  });

  it('after all of these the session still serves', async () => {
    expect((await callOk(client, 'whoami')).structuredContent.role).toBe('admin');
  });

  it('a message without a session that is not initialize is refused with a JSON-RPC error', async () => {
    const res = await postMcp(server.url, server.adminKey, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } });
  });

  it('an unknown session is 404, so clients start a new one', async () => {
    const res = await postMcp(server.url, server.adminKey, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { id: 'not-a-session' });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: -32001, message: 'Session not found' } });
  });

  it('GET /mcp is 405: the server sends no event stream', async () => {
    const res = await fetch(`${server.url}/mcp`, { headers: { authorization: `Bearer ${server.adminKey}`, accept: 'text/event-stream' } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST, DELETE');
  });
});
