import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Asked every few seconds by a load balancer or a scraper (/healthz, /readyz, /metrics): its successes are logged at debug. */
    probe?: boolean;
  }
}

const MAX_UNMATCHED_PATH = 200;

/**
 * The path as logged: the route's pattern (`/v3/documents/:id`, `/files/:token`), so no value a
 * caller put in the URL is written down; a URL no route matches is logged without its query string.
 */
function loggedPath(request: FastifyRequest): string {
  return request.routeOptions.url ?? request.url.split('?')[0].slice(0, MAX_UNMATCHED_PATH);
}

/** Told of every answered request (metrics): its method, its route's pattern (undefined: no route matched), status and time. */
export type RequestObserver = (method: string, route: string | undefined, status: number, seconds: number) => void;

/** The `error` of a refusal's answer: a fixed phrase ("Invalid API key"); its `details` may quote the request and stay out. */
function refusalOf(payload: unknown): string | undefined {
  if (typeof payload !== 'string') return undefined;
  try {
    const error = (JSON.parse(payload) as { error?: unknown }).error;
    return typeof error === 'string' ? error : undefined;
  } catch {
    return undefined;
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Refusals the protocol expects of this route (MCP clients probe `GET /mcp` for a stream: 405), logged at debug. */
    expectedStatuses?: number[];
  }
}

/**
 * One line per request once it is answered: method, path, status, time and the id of the key (never
 * the key, a body or a query string). Refusals (4xx, and 501: not offered here) are warnings with
 * the answer's error phrase, without a stack; server errors are errors (their stack is logged once,
 * by the error handler); a refusal the route expects is a debug line.
 */
export function registerRequestLog(app: FastifyInstance, onAnswered?: RequestObserver): void {
  const refusals = new WeakMap<FastifyRequest, string>();
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400) {
      const refusal = refusalOf(payload);
      if (refusal) refusals.set(request, refusal);
    }
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    const ms = Math.round(reply.elapsedTime);
    const path = loggedPath(request);
    const line = { method: request.method, path, status, ms, keyId: request.principal?.keyId, error: refusals.get(request) };
    const message = `${request.method} ${path} ${status} ${ms} ms`;
    onAnswered?.(request.method, request.routeOptions.url, status, reply.elapsedTime / 1000);
    if (request.routeOptions.config?.expectedStatuses?.includes(status)) request.log.debug(line, message);
    // 501: a feature this server does not offer, asked for by the client; not the server failing.
    else if (status >= 500 && status !== 501) request.log.error(line, message);
    else if (status >= 400) request.log.warn(line, message);
    else if (request.routeOptions.config?.probe) request.log.debug(line, message);
    else request.log.info(line, message);
  });
}
