import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ErrorCode, InitializeResultSchema, isJSONRPCRequest, isJSONRPCResultResponse, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export interface BridgeOptions {
  /** The engram server's base URL; its MCP endpoint is `<url>/mcp`. */
  url: string;
  apiKey: string;
  /** Called once either side has closed (stdin ended, or the server session ended). */
  onClose: () => void;
  onError: (error: Error) => void;
}

/** `<url>/mcp`, whether or not the base URL ends in a slash or a path. */
export function mcpEndpoint(url: string): URL {
  return new URL(`${url.replace(/\/+$/, '')}/mcp`);
}

/** Why a request failed: a lost or refused connection by its cause (`ECONNREFUSED`), not `fetch failed`. */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  return code && !message.includes(code) ? `${message} (${code})` : message;
}

/**
 * Relays MCP between this process's stdio and a running server's /mcp, message by message, so a
 * client that launches a command reaches the server's own session (its tools, scope and current
 * space). A request the server cannot be reached for is answered with a JSON-RPC error, never
 * left hanging.
 */
export async function bridgeStdioToHttp(options: BridgeOptions): Promise<{ close(): Promise<void> }> {
  const upstream = new StreamableHTTPClientTransport(mcpEndpoint(options.url), {
    requestInit: { headers: { authorization: `Bearer ${options.apiKey}` } },
  });
  const local = new StdioServerTransport();
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await upstream.terminateSession().catch(() => undefined);
    await Promise.allSettled([upstream.close(), local.close()]);
    options.onClose();
  };

  local.onmessage = (message: JSONRPCMessage) => {
    upstream.send(message).catch(async (error: unknown) => {
      const reason = reasonOf(error);
      options.onError(new Error(`engram at ${options.url}: ${reason}`));
      if (isJSONRPCRequest(message)) {
        await local.send({ jsonrpc: '2.0', id: message.id, error: { code: ErrorCode.InternalError, message: `engram at ${options.url}: ${reason}` } });
      }
    });
  };
  upstream.onmessage = (message: JSONRPCMessage) => {
    // The HTTP transport must send the negotiated version on every later request; a client library would tell it.
    if (isJSONRPCResultResponse(message)) {
      const initialized = InitializeResultSchema.safeParse(message.result);
      if (initialized.success) upstream.setProtocolVersion(initialized.data.protocolVersion);
    }
    void local.send(message).catch((error: Error) => options.onError(error));
  };
  upstream.onerror = (error) => options.onError(error);
  local.onerror = (error) => options.onError(error);
  local.onclose = () => void close();
  process.stdin.once('end', () => void close());

  await upstream.start();
  await local.start();
  return { close };
}
