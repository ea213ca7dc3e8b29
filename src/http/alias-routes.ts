import type { FastifyInstance, HTTPMethods } from 'fastify';

/** Where older clients still call a route: its method (the route's own when left out) and path. */
export interface LegacyPath {
  method?: HTTPMethods;
  url: string;
}

/**
 * A `route` that registers each route definition under its path and under the legacy paths
 * `legacyOf` gives for it, from the one definition; the OpenAPI document marks the legacy ones
 * deprecated.
 */
// `any` server type parameters: whichever type provider `app` has flows through to its routes.
export function withLegacyPaths<App extends FastifyInstance<any, any, any, any, any>>(
  app: App,
  legacyOf: (route: { method: string; url: string }) => LegacyPath[],
): Pick<App, 'route'> {
  const route = (options: { method: HTTPMethods; url: string; schema?: object }) => {
    app.route(options as never);
    for (const legacy of legacyOf(options)) {
      const schema = { ...options.schema, deprecated: true, description: `Legacy path of ${options.method} ${options.url}.` };
      app.route({ ...options, method: legacy.method ?? options.method, url: legacy.url, schema } as never);
    }
    return app;
  };
  return { route: route as unknown as App['route'] };
}

/** `/v3/documents…` routes answer on `/v3/memories…` too, the paths of older SDKs and docs. */
export const memoriesPath = (route: { url: string }): LegacyPath[] => [{ url: route.url.replace(/^\/v3\/documents/, '/v3/memories') }];
