import { randomUUID } from 'node:crypto';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { ApiError } from './api-error.js';
import { SessionTable, type SessionCaps } from './session-table.js';

/** An MCP session over HTTP: its transport, its server (which holds the current space) and the key that opened it. */
export interface McpHttpSession {
  transport: WebStandardStreamableHTTPServerTransport;
  server: McpServer;
  keyId: string;
  /** Opened and counted against the process total, but not yet held: its `initialize` is being answered. */
  opening: boolean;
}

export type McpSessionLimits = SessionCaps;

export const DEFAULT_MCP_SESSION_LIMITS: Readonly<McpSessionLimits> = Object.freeze({ perKey: 100, total: 1000, idleMs: 30 * 60_000 });

/** How long a refused client is asked to wait: idle sessions expire in the meantime. */
const RETRY_AFTER_SECONDS = 60;

/**
 * The open MCP sessions of this process, by session id. A session answers only the key that
 * opened it. A key holds at most `perKey` sessions (its next one closes its own least recently
 * used); the process holds at most `total`, and past it refuses new sessions (503) instead of
 * closing another key's. Sessions live in memory: behind a load balancer, route `/mcp` by the
 * `mcp-session-id` header (clients re-initialize on a session they no longer find).
 */
export class McpSessions {
  private readonly sessions: SessionTable<McpHttpSession>;
  private readonly sweeper: NodeJS.Timeout;
  /** Sessions opened whose `initialize` is being answered: they count against the total. */
  private opening = 0;

  constructor(private readonly limits: McpSessionLimits) {
    this.sessions = new SessionTable(limits, (session) => void session.server.close().catch(() => undefined));
    this.sweeper = setInterval(() => this.sessions.removeExpired(), Math.min(limits.idleMs, 60_000));
    this.sweeper.unref();
  }

  /** The session with this id, if the key asking opened it: another key's session reads as absent. */
  find(sessionId: string, keyId: string): McpHttpSession | undefined {
    return this.sessions.get(sessionId, keyId);
  }

  /**
   * A new session's transport and server, connected; the session is held once the transport has
   * answered `initialize` with its id, and dropped when the client ends it (DELETE). Refused with
   * 503 when the process holds its most sessions. Every session opened is handed to `settle`.
   */
  async open(keyId: string, createServer: () => McpServer): Promise<McpHttpSession> {
    if (!this.sessions.hasRoom(this.opening + 1)) {
      throw new ApiError(
        503,
        'Too many MCP sessions',
        `this server holds its most MCP sessions (${this.limits.total}); end unused sessions (DELETE /mcp) or try again later`,
        { 'retry-after': String(RETRY_AFTER_SECONDS) },
      );
    }
    this.opening++;
    const server = createServer();
    const session: McpHttpSession = {
      server,
      keyId,
      opening: true,
      transport: new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: randomUUID,
        enableJsonResponse: true,
        onsessioninitialized: (id) => {
          this.stopOpening(session);
          this.sessions.add(id, keyId, session);
        },
        onsessionclosed: (id) => void this.sessions.delete(id),
      }),
    };
    await server.connect(session.transport).catch((error: unknown) => {
      this.stopOpening(session);
      throw error;
    });
    return session;
  }

  /** After the request that opened a session: one that never became a session (its `initialize` was refused) is closed. */
  async settle(session: McpHttpSession): Promise<void> {
    if (!session.opening) return;
    this.stopOpening(session);
    await session.server.close();
  }

  closeAll(): void {
    clearInterval(this.sweeper);
    this.sessions.clear();
  }

  private stopOpening(session: McpHttpSession): void {
    if (!session.opening) return;
    session.opening = false;
    this.opening--;
  }
}
