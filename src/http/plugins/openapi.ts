import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FilterExprSchema } from '../../model/filters.js';

// A recursive schema must be a named component: the transform writes every $ref as
// #/components/schemas/<id>, and the definition of an unnamed cycle never reaches the document.
z.globalRegistry.add(FilterExprSchema, { id: 'FilterExpression' });

type TransformObjectInput = Parameters<typeof jsonSchemaTransformObject>[0];

const ERROR_DESCRIPTIONS: Record<string, string> = {
  '4xx':
    "The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429).",
  '5xx': 'The server failed; the answer carries no internals.',
};

/** The route schemas as JSON Schema, with the error ranges described. */
function transform(input: Parameters<typeof jsonSchemaTransform>[0]): ReturnType<typeof jsonSchemaTransform> {
  const result = jsonSchemaTransform(input);
  const responses = (result.schema as { response?: Record<string, object> } | undefined)?.response;
  for (const [code, description] of Object.entries(ERROR_DESCRIPTIONS)) {
    if (responses?.[code]) responses[code] = { ...responses[code], description };
  }
  return result;
}

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
    transform,
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
