import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FiltersInputSchema } from '../../model/filters.js';
import { principalOf } from '../plugins/auth.js';
import { ContainerTag } from '../schemas/common.js';
import { NOTHING_INCLUDED } from '../../core/search/search-service.js';
import { toSearchResult } from '../views/search.js';
import { routeOptions } from '../route-options.js';

const route = routeOptions({ tags: ['profiles'] });

const ProfileBody = z.object({
  containerTag: ContainerTag,
  q: z.string().min(1).max(10_000).optional(),
  threshold: z.number().min(0).max(1).optional(),
  filters: FiltersInputSchema.optional(),
  include: z
    .array(z.enum(['static', 'dynamic', 'buckets']))
    .max(3)
    .optional(),
  buckets: z.array(z.string().min(1).max(64)).max(50).optional(),
});

const ProfileResponse = z.object({
  profile: z.object({
    static: z.array(z.string()),
    dynamic: z.array(z.string()),
    buckets: z.record(z.string(), z.array(z.string())),
  }),
  searchResults: z.object({ results: z.array(z.unknown()), total: z.number(), timing: z.number() }).optional(),
});

/** /v4/profile: the profile of a container tag and the buckets that apply to it. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { profiles } = app.services;

  app.post(
    '/v4/profile',
    route({
      access: 'read',
      summary: 'Profile of a container tag: static facts, recent context and buckets (plus search with q)',
      body: ProfileBody,
      response: { 200: ProfileResponse },
    }),
    async (request) => {
      const { profile, search } = await profiles.get(principalOf(request), request.body);
      if (!search) return { profile };
      const results = search.hits.map((hit) => toSearchResult(hit, NOTHING_INCLUDED));
      return { profile, searchResults: { results, total: results.length, timing: search.timing } };
    },
  );

  app.post(
    '/v4/profile/buckets',
    route({
      access: 'read',
      summary: 'Profile buckets that apply to a container tag (organization buckets merged with the tag’s own)',
      body: z.object({ containerTag: ContainerTag }),
      response: { 200: z.object({ buckets: z.array(z.object({ key: z.string(), description: z.string() })) }) },
    }),
    async (request) => ({ buckets: await profiles.listBuckets(principalOf(request), request.body.containerTag) }),
  );
};
