import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse } from '../schemas/common.js';
import { routeOptions } from '../route-options.js';

const route = routeOptions({ tags: ['meta'], config: { public: true } });

const ReadinessCheck = z.object({
  ok: z.boolean(),
  status: z.string().describe('What was found, in fixed words'),
});

const ReadinessResponse = z
  .object({
    ready: z.boolean(),
    checks: z.object({
      server: ReadinessCheck.describe('Not shutting down'),
      database: ReadinessCheck.describe('The database answers'),
      migrations: ReadinessCheck.describe('Every migration of this version is applied'),
      embedder: ReadinessCheck.describe('The embedding model is loaded (requests sent before wait for it)'),
      worker: ReadinessCheck.describe('The job worker runs, or this process runs none (serve --no-worker)'),
    }),
  })
  .meta({ id: 'Readiness', description: 'Whether this process should be sent traffic, and why' });

export type ReadinessReport = z.infer<typeof ReadinessResponse>;

export interface HealthOptions {
  version: string;
  /** The database driver in use: pglite or postgres. */
  driver: string;
  /** Whether the process is ready for traffic (`/readyz`). */
  readiness: () => Promise<ReadinessReport>;
}

/** /: health and version; /healthz: the process is up; /readyz: it is ready for traffic. None needs a key, none tells data. */
export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (app, options) => {
  app.get(
    '/',
    route({
      summary: 'Health and version',
      response: { 200: z.object({ status: z.literal('ok'), name: z.literal('engram'), version: z.string(), database: z.string() }) },
    }),
    async () => ({ status: 'ok' as const, name: 'engram' as const, version: options.version, database: options.driver }),
  );

  app.get(
    '/healthz',
    route(
      {
        summary: 'Liveness: the process is up',
        security: [],
        description: 'Answers 200 whenever the process serves HTTP; restart the process when it does not.',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
      { probe: true },
    ),
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    route(
      {
        summary: 'Readiness: the process should be sent traffic',
        security: [],
        description:
          'Answers 200 when the database answers with every migration applied, the embedding model is loaded, the worker runs (or is ' +
          'disabled in this process) and the server is not shutting down; 503 otherwise. Each check says what it found.',
        response: { 200: ReadinessResponse, 503: z.union([ReadinessResponse, ErrorResponse]) },
      },
      { probe: true },
    ),
    async (_request, reply) => {
      const report = await options.readiness();
      return reply.code(report.ready ? 200 : 503).send(report);
    },
  );
};
