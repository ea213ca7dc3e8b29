import type { HTTPMethods } from 'fastify';

export interface Endpoint {
  method: HTTPMethods;
  url: string;
}

export interface AliasedEndpoint extends Endpoint {
  /** Spread into the route schema: marks the legacy path deprecated in the OpenAPI document. */
  openapi: { deprecated?: true; description?: string };
}

/**
 * An endpoint and the legacy path older clients still call for it, to register one route definition
 * under both.
 */
export function withLegacyAlias(endpoint: Endpoint, legacy: Endpoint): AliasedEndpoint[] {
  return [
    { ...endpoint, openapi: {} },
    { ...legacy, openapi: { deprecated: true, description: `Legacy path of ${endpoint.method} ${endpoint.url}.` } },
  ];
}

/** `/v3/documents…` routes answer on `/v3/memories…` too, the paths of older SDKs and docs. */
export function withLegacyMemoriesPath(method: HTTPMethods, url: `/v3/documents${string}`): AliasedEndpoint[] {
  return withLegacyAlias({ method, url }, { method, url: url.replace(/^\/v3\/documents/, '/v3/memories') });
}
