import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'vitest';

/** The SDK's own client, connected over the given transport. */
export async function connectClient(transport: Transport): Promise<Client> {
  const client = new Client({ name: 'engram-tests', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

/** The SDK's client over Streamable HTTP to `${url}/mcp`, the key sent as a bearer token or in x-api-key. */
export function httpTransport(url: string, key: string | null, header: 'bearer' | 'x-api-key' = 'bearer'): StreamableHTTPClientTransport {
  const headers: Record<string, string> = {};
  if (key) {
    if (header === 'bearer') headers.authorization = `Bearer ${key}`;
    else headers['x-api-key'] = key;
  }
  return new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers } });
}

export async function connectHttp(url: string, key: string, header: 'bearer' | 'x-api-key' = 'bearer'): Promise<Client> {
  return connectClient(httpTransport(url, key, header));
}

/** The session a client connected over Streamable HTTP holds: its id, and the protocol version it agreed. */
export function sessionOf(client: Client): { id: string; protocolVersion?: string } {
  const transport = client.transport as StreamableHTTPClientTransport;
  return { id: transport.sessionId!, protocolVersion: transport.protocolVersion };
}

/**
 * A JSON-RPC message POSTed to `${url}/mcp` as a client sends it (bearer key, JSON, both answer
 * types accepted), in `session` when given: for what the SDK's client would never send.
 */
export function postMcp(url: string, key: string, message: unknown, session?: { id: string; protocolVersion?: string }): Promise<Response> {
  const headers: Record<string, string> = { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  if (session) headers['mcp-session-id'] = session.id;
  if (session?.protocolVersion) headers['mcp-protocol-version'] = session.protocolVersion;
  return fetch(`${url}/mcp`, { method: 'POST', headers, body: JSON.stringify(message) });
}

/** The text of a tool result, checked to be there: every result carries text. */
export function textOf(result: CallToolResult): string {
  expect(result.content.length).toBeGreaterThan(0);
  const texts = result.content.filter((c) => c.type === 'text').map((c) => c.text);
  expect(texts.join('').trim()).not.toBe('');
  return texts.join('\n');
}

/** Calls a tool that must succeed and returns its result. */
export async function callOk(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult & { structuredContent: any }> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  if (result.isError) throw new Error(`${name} answered an error: ${textOf(result)}`);
  textOf(result);
  return result as CallToolResult & { structuredContent: any };
}

/** Calls a tool that must fail as a tool result (`isError`) and returns its text. */
export async function callError(client: Client, name: string, args: Record<string, unknown> = {}): Promise<string> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError, `${name} should have answered an error`).toBe(true);
  return textOf(result);
}
