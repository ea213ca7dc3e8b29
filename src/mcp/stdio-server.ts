import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer, type McpSessionOptions } from './server.js';

/** `engram mcp` on the embedded database: one session over this process's stdio, until stdin ends. */
export async function serveMcpOverStdio(options: McpSessionOptions & { onClose: () => void }): Promise<void> {
  const server = createMcpServer(options);
  const transport = new StdioServerTransport();
  let closed = false;
  transport.onclose = () => {
    if (closed) return;
    closed = true;
    options.onClose();
  };
  process.stdin.once('end', () => void server.close());
  await server.connect(transport);
}
