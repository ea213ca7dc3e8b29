import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthFailureThrottle } from '../../core/access/auth-throttle.js';
import { authorize } from '../../core/access/authorization.js';
import type { KeyResolver } from '../../core/access/keys.js';
import { actingFor, asRequest } from '../../core/shared/request-turns.js';
import type { Access, Principal } from '../../model/access.js';
import { ApiError } from '../api-error.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Served without an API key. */
    public?: boolean;
    /**
     * What the key must be allowed to do. Left out, a GET, HEAD or OPTIONS route needs `read` and
     * any other `write`: a mutating route that forgets to say so is closed to read-only keys.
     */
    access?: Access;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export function apiKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(.+)$/i.exec(header.trim());
    if (match) return match[1].trim();
  }
  const alt = request.headers['x-api-key'];
  return typeof alt === 'string' && alt.trim() ? alt.trim() : undefined;
}

/**
 * Resolves the caller's key on every non-public route. An address that failed authentication too
 * often is answered 429 before its key is even read, whether that key is valid or not: checking it
 * would be the very work the throttle saves.
 */
export function registerAuth(app: FastifyInstance, keys: KeyResolver, throttle: AuthFailureThrottle): void {
  app.decorateRequest('principal', null);
  // The rest of the request runs in its own context, which names its organization once known.
  app.addHook('onRequest', (_request, _reply, done) => asRequest(done));
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (config?.public) return;
    const waitMs = throttle.retryAfterMs(request.ip);
    if (waitMs > 0) {
      const seconds = String(Math.ceil(waitMs / 1000));
      throw new ApiError(429, 'Too many failed authentication attempts', `retry after ${seconds} s`, { 'retry-after': seconds });
    }
    const raw = apiKeyOf(request);
    if (!raw) throw new ApiError(401, 'Missing API key', 'send Authorization: Bearer <key> or x-api-key: <key>');
    const principal = await keys.resolve(raw);
    if (!principal) {
      throttle.recordFailure(request.ip);
      throw new ApiError(401, 'Invalid API key');
    }
    request.principal = principal;
    actingFor(principal.orgId);
    authorize(principal, { access: accessOf(request), endpoint: request.routeOptions.url });
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function accessOf(request: FastifyRequest): Access {
  const declared = request.routeOptions.config?.access;
  if (declared) return declared;
  // Without a route the request is answered not found, which writes nothing.
  return request.routeOptions.url === undefined || SAFE_METHODS.has(request.method) ? 'read' : 'write';
}

/** The authenticated caller; routes that are not public always have one. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new ApiError(401, 'Missing API key');
  return request.principal;
}
