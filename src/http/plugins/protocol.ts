import type { IncomingMessage, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../api-error.js';
import { answerOnSocket } from './errors.js';

/** How long a client may take to send a request; a request past a bound is answered 408 and its connection closed. */
export interface RequestTimeouts {
  /** The whole request, headers and body, from its first byte. */
  requestMs: number;
  /** The request line and headers. */
  headersMs: number;
  /** A pause in a body still being received (and an idle connection with no request in flight). */
  bodyIdleMs: number;
}

/**
 * The server options that bound how long a client may hold a connection while sending: Node's own
 * request and headers timeouts (checked every tenth of the shorter one, at most every 30 s) and the
 * socket's idle timeout, which `registerProtocol` turns into a body idle timeout. A request's
 * answer is not bounded: once the body has arrived, the handler takes the time it needs.
 */
export function timeoutServerOptions(timeouts: RequestTimeouts): { requestTimeout: number; connectionTimeout: number; http: ServerOptions } {
  const connectionsCheckingInterval = Math.max(50, Math.min(30_000, Math.floor(Math.min(timeouts.requestMs, timeouts.headersMs) / 10)));
  return {
    // Fastify sets the server's requestTimeout from its own option after creating it.
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.bodyIdleMs,
    http: {
      requestTimeout: timeouts.requestMs,
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval,
      // Node answers a missing Host with an empty 400; the hook below answers it with the error shape.
      requireHostHeader: false,
    },
  };
}

/**
 * What Node's HTTP layer would answer on its own, with empty bodies, answered with the error shape:
 * an `Expect` other than 100-continue (417) and an HTTP/1.1 request without `Host` (400). And the
 * body idle timeout: a connection idle past `bodyIdleMs` is closed unless its request has arrived
 * whole and is being answered; a body that stalls is answered 408.
 */
export function registerProtocol(app: FastifyInstance): void {
  app.server.on('checkExpectation', (request: IncomingMessage) => {
    answerOnSocket(request.socket, 417, 'Expectation failed', 'expect: only 100-continue is supported');
    closeAfterWrite(request.socket);
  });

  app.addHook('onRequest', async (request) => {
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
      throw new ApiError(400, 'Bad request', 'host: an HTTP/1.1 request must carry a Host header');
    }
  });

  const inFlight = new WeakMap<Socket, IncomingMessage>();
  // Bytes a connection had read when its last request was answered: more since then, with no request in flight, are headers still arriving.
  const answeredAt = new WeakMap<Socket, number>();
  app.server.on('request', (request: IncomingMessage, response) => {
    inFlight.set(request.socket, request);
    response.once('close', () => {
      if (inFlight.get(request.socket) !== request) return;
      inFlight.delete(request.socket);
      answeredAt.set(request.socket, request.socket.bytesRead);
    });
  });
  // With a listener here Node no longer closes a timed-out socket itself: this decides.
  app.server.on('timeout', (socket: Socket) => {
    const request = inFlight.get(socket);
    if (request?.complete) return;
    if (request) answerOnSocket(socket, 408, 'Request timeout', 'the request body stalled: nothing arrived for too long');
    else if (socket.bytesRead > (answeredAt.get(socket) ?? 0))
      answerOnSocket(socket, 408, 'Request timeout', 'the request headers stalled: nothing arrived for too long');
    closeAfterWrite(socket);
  });
}

const closeAfterWrite = (socket: Socket) => socket.end(() => socket.destroy());
