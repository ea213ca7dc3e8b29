import type { FastifyContextConfig, FastifySchema } from 'fastify';
import type { Access } from '../model/access.js';
import { errorResponses } from './schemas/common.js';

/** What a route declares of itself: what the key must be allowed to do, and its schema but for the tags and error answers. */
export type RouteDeclaration = Omit<FastifySchema, 'tags' | 'response'> & {
  /** See FastifyContextConfig.access: left out, a GET route needs `read` and any other `write`. */
  access?: Access;
  summary: string;
  /** The success answers by status; the error ones are added. */
  response: Record<number, unknown>;
};

/** What every route of a module shares: its OpenAPI tags, its error answers (the one error shape when left out) and its config. */
export interface RouteDefaults<Errors> {
  tags: string[];
  errors?: Errors;
  config?: FastifyContextConfig;
}

/**
 * The options of a module's routes, so that each declaration states only what is its own: `route({ access,
 * summary, params, body, response })` gives the route its module's tags, the error answers after its own
 * and the config (`access`, the module's config, and any given as the second argument).
 */
export function routeOptions<Errors extends object = typeof errorResponses>(defaults: RouteDefaults<Errors>) {
  const errors = (defaults.errors ?? errorResponses) as Errors;
  return <Declared extends RouteDeclaration>({ access, ...schema }: Declared, config?: FastifyContextConfig) => ({
    config: { ...defaults.config, ...(access ? { access } : {}), ...config },
    schema: { tags: defaults.tags, ...schema, response: { ...schema.response, ...errors } },
  });
}
