import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

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
    transformObject: jsonSchemaTransformObject,
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
