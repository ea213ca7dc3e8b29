import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FilterExprSchema } from '../../core/filters.js';

// A recursive schema must be a named component: the transform writes every $ref as
// #/components/schemas/<id>, and the definition of an unnamed cycle never reaches the document.
z.globalRegistry.add(FilterExprSchema, { id: 'FilterExpression' });

type TransformObjectInput = Parameters<typeof jsonSchemaTransformObject>[0];

/**
 * The components of the zod registry, without the `$id` the converter stamps on each one:
 * `#/components/schemas/X` is a fragment, which JSON Schema forbids in `$id`.
 */
function transformObject(input: TransformObjectInput): ReturnType<typeof jsonSchemaTransformObject> {
  const document = jsonSchemaTransformObject(input) as { components?: { schemas?: Record<string, object> } };
  for (const schema of Object.values(document.components?.schemas ?? {})) delete (schema as { $id?: string }).$id;
  return document as ReturnType<typeof jsonSchemaTransformObject>;
}

/** Registers the OpenAPI 3.1 document built from the route schemas, and a rendered reference at /docs. */
export async function registerOpenApi(app: FastifyInstance, serverVersion: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'engram memory API',
        version: '3.0.0',
        description: `Self-hostable memory service (server ${serverVersion}). Every call carries Authorization: Bearer <API key>.`,
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject,
  });
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/docs')) route.config = { ...(route.config ?? {}), public: true };
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list' } });
}

export function registerOpenApiRoutes(app: FastifyInstance): void {
  for (const url of ['/v3/openapi', '/v4/openapi']) {
    app.get(url, { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
  }
}
