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
