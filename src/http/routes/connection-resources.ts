import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../plugins/auth.js';
import { IntLike } from '../schemas/common.js';
import { ConnectionParams } from '../schemas/connections.js';
import { SyncRun, syncRunView } from '../views/connections.js';
import { requestOrigin } from '../file-link-origin.js';
import { routeOptions } from '../route-options.js';

const route = routeOptions({ tags: ['connections'] });

/** /v3/connections/{id}/resources, /configure and /sync-runs: what a connection syncs and how it went. */
export const connectionResourceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { connectionResources } = app.services;

  app.get(
    '/v3/connections/:connectionId/resources',
    route({
      summary: 'Resources the connection can sync (code host: repositories)',
      params: ConnectionParams,
      querystring: z.object({ page: IntLike(1, 10_000).default(1), per_page: IntLike(1, 100).default(30), parent_id: z.string().max(1000).optional() }),
      response: { 200: z.object({ resources: z.array(z.record(z.string(), z.unknown())), total_count: z.number() }) },
    }),
    async (request) => {
      const { page, per_page: perPage } = request.query;
      const listed = await connectionResources.list(principalOf(request), request.params.connectionId, { page, perPage });
      return { resources: listed.resources as Record<string, unknown>[], total_count: listed.totalCount };
    },
  );

  app.post(
    '/v3/connections/:connectionId/configure',
    route({
      access: 'write',
      summary: 'Choose what the connection syncs (code host: repositories); webhooks are registered where possible',
      params: ConnectionParams,
      body: z.strictObject({ resources: z.array(z.record(z.string(), z.unknown())).max(100) }),
      response: { 200: z.object({ success: z.boolean(), message: z.string(), webhooksRegistered: z.number() }) },
    }),
    async (request) => connectionResources.configure(principalOf(request), request.params.connectionId, request.body.resources, requestOrigin(request)),
  );

  app.get(
    '/v3/connections/:connectionId/sync-runs',
    route({ summary: 'The latest sync runs of a connection, newest first', params: ConnectionParams, response: { 200: z.array(SyncRun) } }),
    async (request) => (await connectionResources.syncRuns(principalOf(request), request.params.connectionId)).map(syncRunView),
  );
};
