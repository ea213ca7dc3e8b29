import type { Access, Principal } from '../../model/access.js';
import { ForbiddenError } from '../../model/errors.js';

/**
 * Path prefixes a key bound to container tags may call; everything else refuses it. On the
 * container-tag routes it reaches only its own tags (any other reads as absent); merging tags and
 * following a merge are organization-wide, so they stay outside. `/ns` and `/namespaces` are the v5
 * API's namespace routes, where the namespace in the path is checked as any tag is. The list is part of the API: a
 * scoped key's creation answers it as `allowedEndpoints`.
 */
export const SCOPED_KEY_ENDPOINTS = [
  '/v3/container-tags',
  '/v3/documents',
  '/v3/memories',
  '/v4/memories',
  '/v3/search',
  '/v4/search',
  '/v4/profile',
  '/v4/conversations',
  '/v3/session',
  '/v3/connections',
  '/mcp',
  '/ns',
  '/namespaces',
  '/connectors',
] as const;

const SCOPED_KEY_REFUSED = ['/v3/container-tags/merge'] as const;

const underPrefix = (routePath: string, prefix: string) => routePath === prefix || routePath.startsWith(`${prefix}/`);

function scopedKeyMayCall(routePath: string): boolean {
  if (SCOPED_KEY_REFUSED.some((prefix) => underPrefix(routePath, prefix))) return false;
  return SCOPED_KEY_ENDPOINTS.some((prefix) => underPrefix(routePath, prefix));
}

/** What a caller asks to do: the access it needs and, for a request over HTTP, the route it calls. */
export interface Action {
  access: Access;
  /** The route pattern; MCP, itself an endpoint every key may use, gives none. */
  endpoint?: string;
}

/** The one decision of what a principal may do; transports ask it and answer its refusal. */
export function authorize(principal: Principal, action: Action): void {
  if (principal.containerTags && action.endpoint !== undefined && !scopedKeyMayCall(action.endpoint)) {
    throw new ForbiddenError('Scoped keys may not call this endpoint', `allowed: ${SCOPED_KEY_ENDPOINTS.join(', ')}`);
  }
  if (action.access === 'admin' && principal.role !== 'admin') throw new ForbiddenError('This operation needs an admin key');
  if (action.access === 'write' && principal.permission !== 'write') throw new ForbiddenError('This key is read-only');
}
