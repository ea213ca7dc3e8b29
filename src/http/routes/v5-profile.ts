import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../plugins/auth.js';
import { NamespaceParams, ProfileBodyV5, toFiltersInput, v5ErrorResponses } from '../schemas/v5.js';
import { ProfileAnswer, toProfileV5 } from '../views/v5.js';

/**
 * /ns/{namespace}/profile: the v5 face of the profile service, each line with its memory's id, and
 * /ns/{namespace}/profile/buckets: the buckets that apply to the namespace.
 */
export const v5ProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { profiles } = app.services;

  app.post(
    '/ns/:namespace/profile',
    {
      config: { access: 'read', validationErrors: 'v5' },
      schema: {
        tags: ['v5'],
        summary: 'Profile of a namespace: lasting facts, recent context and buckets',
        description: 'Recent context lines start with the day they are about, `[YYYY-MM-DD]`, when it is known.',
        params: NamespaceParams,
        body: ProfileBodyV5.nullish(),
        response: { 200: ProfileAnswer, ...v5ErrorResponses },
      },
    },
    async (request) => {
      const body = request.body ?? {};
      const { lines } = await profiles.get(principalOf(request), {
        containerTag: request.params.namespace,
        filters: toFiltersInput(body.filter),
        ...(body.buckets ? { buckets: body.buckets } : {}),
      });
      return toProfileV5(lines);
    },
  );

  app.get(
    '/ns/:namespace/profile/buckets',
    {
      config: { validationErrors: 'v5' },
      schema: {
        tags: ['v5'],
        summary: 'Profile buckets that apply to a namespace, by name',
        description: 'The organization’s buckets merged with the namespace’s own, as POST /v4/profile/buckets lists them.',
        params: NamespaceParams,
        response: { 200: z.object({ buckets: z.record(z.string(), z.string()) }).strict(), ...v5ErrorResponses },
      },
    },
    async (request) => {
      const buckets = await profiles.listBuckets(principalOf(request), request.params.namespace);
      return { buckets: Object.fromEntries(buckets.map((bucket) => [bucket.key, bucket.description])) };
    },
  );
};
