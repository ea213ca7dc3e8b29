import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../schemas/common.js';
import type { HttpDeps } from '../server.js';

export const healthRoutes =
  (deps: HttpDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/',
      {
        config: { public: true },
        schema: {
          tags: ['meta'],
          summary: 'Health and version',
          response: { 200: z.object({ status: z.literal('ok'), name: z.literal('engram'), version: z.string(), database: z.string() }), ...errorResponses },
        },
      },
      async () => ({ status: 'ok' as const, name: 'engram' as const, version: deps.version, database: deps.driver }),
    );
  };
