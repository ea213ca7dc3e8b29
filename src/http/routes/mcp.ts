import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { principalFromAuthInfo } from '../../mcp/context.js';
import { createMcpServer } from '../../mcp/server.js';
import type { Principal } from '../../model/access.js';
import { DEFAULT_MCP_SESSION_LIMITS, McpSessions, type McpHttpSession, type McpSessionLimits } from '../mcp-sessions.js';
import { principalOf } from '../plugins/auth.js';

export interface McpRouteOptions {
  version: string;
  /** Sessions per key and per process, and their idle time; the defaults without it. */
  sessions?: McpSessionLimits;
}

/** The request headers the MCP transport reads. */
const FORWARDED_HEADERS = ['accept', 'content-type', 'mcp-session-id', 'mcp-protocol-version', 'last-event-id'];

/**
 * /mcp: the MCP server over Streamable HTTP (JSON answers, no event stream). The key is checked,
 * rate-limited and scoped by the same hooks as every REST route; each tool call acts as the key of
 * the request carrying it. Answers of the protocol itself are JSON-RPC errors, as MCP clients expect.
 */
export const mcpRoutes: FastifyPluginAsync<McpRouteOptions> = async (app, options) => {
  const sessions = new McpSessions(options.sessions ?? DEFAULT_MCP_SESSION_LIMITS);
  app.addHook('onClose', async () => sessions.closeAll());

  const createServer = () =>
    createMcpServer({
      services: app.services,
      principalOf: principalFromAuthInfo,
      version: options.version,
      onError: (error) => app.log.error({ err: error }, 'MCP request failed'),
    });

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const principal = principalOf(request);
    const sessionId = request.headers['mcp-session-id'];
    let session: McpHttpSession | undefined;
    if (typeof sessionId === 'string') {
      session = sessions.find(sessionId, principal.keyId);
      if (!session) return sendJsonRpcError(reply, 404, -32001, 'Session not found');
    } else if (request.method === 'POST' && startsSession(request.body)) {
      session = await sessions.open(principal.keyId, createServer);
    } else {
      return sendJsonRpcError(reply, 400, -32000, 'Bad Request: no mcp-session-id header; start a session with initialize');
    }
    let response: Response;
    try {
      response = await session.transport.handleRequest(webRequestOf(request), { parsedBody: request.body, authInfo: authInfoOf(principal) });
    } finally {
      if (!sessionId) await sessions.settle(session);
    }
    reply.code(response.status);
    response.headers.forEach((value, name) => void reply.header(name, value));
    const text = await response.text();
    return reply.send(text || undefined);
  };

  app.route({ method: ['POST', 'DELETE'], url: '/mcp', config: { access: 'read' }, schema: { hide: true }, handler: handle });
  // Streamable HTTP clients open a GET stream after each initialization and expect this 405.
  app.get('/mcp', { schema: { hide: true }, config: { expectedStatuses: [405] } }, async (_request, reply) =>
    reply
      .code(405)
      .header('allow', 'POST, DELETE')
      .send({ error: 'Method not allowed', details: 'this server sends no event stream; POST JSON-RPC messages to /mcp' }),
  );
};

const startsSession = (body: unknown): boolean => (Array.isArray(body) ? body.some(isInitializeRequest) : isInitializeRequest(body));

/** The tool handlers read the caller from here (see mcp/context.ts). */
function authInfoOf(principal: Principal): AuthInfo {
  return { token: '', clientId: principal.keyId, scopes: [], extra: { principal } };
}

/** The transport speaks web-standard requests; the body is passed parsed, so only the headers it reads are carried over. */
function webRequestOf(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  return new Request(`http://localhost${request.url}`, { method: request.method, headers });
}

function sendJsonRpcError(reply: FastifyReply, status: number, code: number, message: string) {
  return reply.code(status).send({ jsonrpc: '2.0', error: { code, message }, id: null });
}
