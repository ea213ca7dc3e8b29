import { randomUUID } from 'node:crypto';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { LRUCache } from 'lru-cache';

/** An MCP session over HTTP: its transport, its server (which holds the current space) and the key that opened it. */
export interface McpHttpSession {
  transport: WebStandardStreamableHTTPServerTransport;
  server: McpServer;
  keyId: string;
}

export interface McpSessionLimits {
  /** Sessions held per process; the least recently used one is closed beyond it. */
  max: number;
  /** A session unused this long is closed. */
  idleMs: number;
}

/**
 * The open MCP sessions of this process, by session id. A session answers only the key that
 * opened it. Sessions live in memory: behind a load balancer, route `/mcp` by the
 * `mcp-session-id` header (clients re-initialize on a session they no longer find).
 */
export class McpSessions {
  private readonly sessions: LRUCache<string, McpHttpSession>;

  constructor(limits: McpSessionLimits) {
    this.sessions = new LRUCache({
      max: limits.max,
      ttl: limits.idleMs,
      updateAgeOnGet: true,
      ttlAutopurge: true,
      dispose: (session) => void session.server.close().catch(() => undefined),
    });
  }

  /** The session with this id, if the key asking opened it: another key's session reads as absent. */
  find(sessionId: string, keyId: string): McpHttpSession | undefined {
    const session = this.sessions.get(sessionId);
    return session?.keyId === keyId ? session : undefined;
  }

  /**
   * A new session's transport and server, connected; the session is held once the transport has
   * answered `initialize` with its id, and dropped when the client ends it (DELETE).
   */
  async open(keyId: string, createServer: () => McpServer): Promise<McpHttpSession> {
    const server = createServer();
    const session: McpHttpSession = {
      server,
      keyId,
      transport: new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: randomUUID,
        enableJsonResponse: true,
        onsessioninitialized: (id) => void this.sessions.set(id, session),
        onsessionclosed: (id) => void this.sessions.delete(id),
      }),
    };
    await server.connect(session.transport);
    return session;
  }

  /** Closes a session that never became one (its `initialize` was refused). */
  async discardIfUnused(session: McpHttpSession): Promise<void> {
    const id = session.transport.sessionId;
    if (!id || this.sessions.peek(id) !== session) await session.server.close();
  }

  closeAll(): void {
    this.sessions.clear();
  }
}
