import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../schemas/common.js';

export interface HealthOptions {
  version: string;
  /** The database driver in use: pglite or postgres. */
  driver: string;
}

/** /: health and version. */
export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (app, options) => {
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
    async () => ({ status: 'ok' as const, name: 'engram' as const, version: options.version, database: options.driver }),
  );
};
