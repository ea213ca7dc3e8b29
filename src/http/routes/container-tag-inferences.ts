import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../plugins/auth.js';
import { TagParams } from '../schemas/common.js';
import { routeOptions } from '../route-options.js';

const route = routeOptions({ tags: ['memories'] });

/** /v3/container-tags/{containerTag}/inferred: the tag's unreviewed inferred memories, and their review. */
export const containerTagInferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { memoryListing } = app.services;

  app.get(
    '/v3/container-tags/:containerTag/inferred',
    route({
      summary: 'Unreviewed inferred memories of a container tag',
      params: TagParams,
      response: {
        200: z.object({
          memories: z.array(
            z.object({
              id: z.string(),
              memory: z.string(),
              parentCount: z.number(),
              createdAt: z.string(),
              updatedAt: z.string(),
              metadata: z.record(z.string(), z.unknown()).nullable(),
            }),
          ),
          total: z.number(),
        }),
      },
    }),
    async (request) => {
      const { rows, total } = await memoryListing.listInferred(principalOf(request), request.params.containerTag);
      return {
        memories: rows.map(({ memory, parentCount }) => ({
          id: memory.id,
          memory: memory.memory,
          parentCount: Number(parentCount),
          createdAt: memory.createdAt.toISOString(),
          updatedAt: memory.updatedAt.toISOString(),
          metadata: memory.metadata ?? null,
        })),
        total,
      };
    },
  );

  app.post(
    '/v3/container-tags/:containerTag/inferred/:memoryId/review',
    route({
      access: 'write',
      summary: 'Approve, decline or undo the review of an inferred memory',
      params: TagParams.extend({ memoryId: z.string().min(1).max(255) }),
      body: z.object({ action: z.enum(['approve', 'decline', 'undo']) }),
      response: {
        200: z.object({
          id: z.string(),
          isInference: z.boolean(),
          isForgotten: z.boolean(),
          reviewStatus: z.enum(['approved', 'declined']).nullable(),
        }),
      },
    }),
    async (request) => {
      const m = await memoryListing.review(principalOf(request), request.params.containerTag, request.params.memoryId, request.body.action);
      return {
        id: m.id,
        isInference: m.isInference,
        isForgotten: m.isForgotten,
        reviewStatus: (m.reviewStatus as 'approved' | 'declined' | null) ?? null,
      };
    },
  );
};
