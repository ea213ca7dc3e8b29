import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../plugins/auth.js';
import { routeOptions } from '../route-options.js';

const route = routeOptions({ tags: ['settings'] });

const ResetResponse = z.object({
  success: z.literal(true),
  deletedConnections: z.number(),
  deletedDocumentBatches: z.number(),
  deletedDocumentsApprox: z.number(),
  deletedMemoryRows: z.number(),
  deletedExtraSpaces: z.number(),
  clearedDefaultSpaceContext: z.boolean(),
  clearedBrainMemoryRegistry: z.boolean(),
  settingsReset: z.boolean(),
});

/** /v3/settings/reset: empty the organization. */
export const settingsResetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v3/settings/reset',
    route({
      access: 'admin',
      summary: "Delete the organization's documents, memories, extra spaces, connections and settings",
      description:
        'Each connection is deleted as DELETE /v3/connections/{id} deletes one: its push channels, subscriptions and ' +
        'repository hooks are stopped at the provider and its grant revoked, by background jobs retried until the provider answers.',
      body: z.object({ confirmation: z.string().min(1) }),
      response: { 200: ResetResponse },
    }),
    async (request) => app.services.orgReset.reset(principalOf(request)),
  );
};
