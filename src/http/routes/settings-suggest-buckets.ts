import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../plugins/auth.js';
import { routeOptions } from '../route-options.js';

const route = routeOptions({ tags: ['settings'] });

/** /v3/settings/suggest-buckets: profile buckets that would fit what the organization's memories are about. */
export const suggestBucketRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v3/settings/suggest-buckets',
    route({
      access: 'read',
      summary: 'Suggest 3–6 profile buckets from what the organization’s memories talk about',
      response: { 200: z.object({ suggestions: z.array(z.object({ key: z.string(), description: z.string() })) }) },
    }),
    async (request) => ({ suggestions: await app.services.profiles.suggestBuckets(principalOf(request)) }),
  );
};
