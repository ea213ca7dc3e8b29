import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { McpContext, McpServices, PrincipalSource } from './context.js';
import { registerMemoryTools } from './memory-tools.js';
import { answerInvalidParams } from './request-params.js';
import { registerResources } from './resources.js';
import { registerSpaceTools } from './space-tools.js';

export interface McpSessionOptions {
  services: McpServices;
  principalOf: PrincipalSource;
  version: string;
  onError: (error: unknown) => void;
}

const INSTRUCTIONS =
  'engram is a long-term memory. Memories live in spaces (container tags: a user, project or workspace). ' +
  'Use recall before answering questions about the user or past work, remember for facts worth keeping, ' +
  'profile for a summary of a space, and forget (preview first) when asked to. Tools called without ' +
  'containerTag use the current space: see list_spaces and switch_space.';

/** The SDK's server, with malformed requests answered as invalid params on whatever transport it is connected to. */
class EngramMcpServer extends McpServer {
  override async connect(transport: Transport): Promise<void> {
    await super.connect(transport);
    answerInvalidParams(transport);
  }
}

/** One MCP session's server: the memory and space tools and the space resources over the core services. */
export function createMcpServer(options: McpSessionOptions): McpServer {
  const context: McpContext = { services: options.services, principalOf: options.principalOf, onError: options.onError, space: null };
  const server = new EngramMcpServer({ name: 'engram', version: options.version }, { capabilities: { tools: {}, resources: {} }, instructions: INSTRUCTIONS });
  registerMemoryTools(server, context);
  registerSpaceTools(server, context);
  registerResources(server, context);
  return server;
}
