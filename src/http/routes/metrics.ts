import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerTokenCheck } from '../bearer-token.js';
import { routeOptions } from '../route-options.js';
import { nonJsonAnswer } from '../schemas/common.js';

// Not an API key: the metrics token is checked here.
const route = routeOptions({ tags: ['meta'], config: { public: true, probe: true } });

export interface MetricsOptions {
  /** The bearer token a scrape sends (METRICS_TOKEN); API keys are not accepted. */
  token: string;
  /** The metrics in Prometheus's text format, and its content type. */
  render: () => Promise<{ contentType: string; body: string }>;
}

const MetricsText = nonJsonAnswer('Prometheus text exposition format', 'text/plain', { type: 'string', description: 'version 0.0.4 of the format' });

/** /metrics: Prometheus metrics behind their own token; registered only when METRICS_TOKEN is set (else 404, as any unknown URL). */
export const metricsRoutes: FastifyPluginAsyncZod<MetricsOptions> = async (app, options) => {
  const checkToken = bearerTokenCheck(options.token, 'metrics token', 'METRICS_TOKEN');
  app.get(
    '/metrics',
    route({
      summary: 'Prometheus metrics',
      description: 'Requests, jobs, ingest stages, model calls, syncs, database connections and the process. Send Authorization: Bearer <METRICS_TOKEN>.',
      security: [{ bearerAuth: [] }],
      response: { 200: MetricsText },
    }),
    async (request, reply) => {
      checkToken(request);
      const { contentType, body } = await options.render();
      return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
    },
  );
};
