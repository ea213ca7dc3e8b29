import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_MERGE_SOURCES } from '../../core/tags/merges.js';
import type { MergeRecord } from '../../model/tags.js';
import { principalOf } from '../plugins/auth.js';
import { ContainerTag } from '../schemas/common.js';
import { iso } from '../../model/timestamps.js';
import { routeOptions } from '../route-options.js';

const route = routeOptions({ tags: ['container tags'] });

const MergeBody = z
  .strictObject({
    containerTags: z
      .array(ContainerTag)
      .min(1)
      .max(MAX_MERGE_SOURCES + 1)
      .optional()
      .describe('Tags to merge; may include the target'),
    targetContainerTag: ContainerTag.optional(),
    sourceTags: z.array(ContainerTag).min(1).max(MAX_MERGE_SOURCES).optional().describe('Alias of containerTags'),
    targetTag: ContainerTag.optional().describe('Alias of targetContainerTag'),
  })
  .superRefine((body, ctx) => {
    if (!body.targetContainerTag && !body.targetTag) ctx.addIssue({ code: 'custom', path: ['targetContainerTag'], message: 'required' });
    if (body.targetContainerTag && body.targetTag && body.targetContainerTag !== body.targetTag) {
      ctx.addIssue({ code: 'custom', path: ['targetTag'], message: 'differs from targetContainerTag' });
    }
    if (!body.containerTags && !body.sourceTags) ctx.addIssue({ code: 'custom', path: ['containerTags'], message: 'required' });
  });

const MergeProgressView = z.object({
  phase: z.string().optional(),
  currentSourceTag: z.string().optional(),
  copiedRows: z.number().optional(),
  completedSourceTags: z.array(z.string()).optional(),
  inFlightItems: z.number().optional(),
  attempt: z.number().optional(),
  moved: z.object({ documents: z.number(), chunks: z.number(), memories: z.number(), renamedCustomIds: z.number(), duplicateMemories: z.number() }).optional(),
});

const MergeView = z
  .object({
    id: z.string(),
    status: z.string(),
    sourceTags: z.array(z.string()),
    targetTag: z.string(),
    progress: MergeProgressView.nullable(),
    lastError: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    completedAt: z.string().nullable(),
  })
  .meta({ id: 'ContainerTagMerge' });

function toMergeView(merge: MergeRecord): z.infer<typeof MergeView> {
  const { waitingSince: _waitingSince, ...progress } = merge.progress ?? {};
  return {
    id: merge.id,
    status: merge.status,
    sourceTags: merge.sourceTags,
    targetTag: merge.targetTag,
    progress: merge.progress ? progress : null,
    lastError: merge.lastError,
    createdAt: merge.createdAt.toISOString(),
    updatedAt: merge.updatedAt.toISOString(),
    completedAt: iso(merge.completedAt),
  };
}

/** /v3/container-tags/merge: merge tags into a target in the background, and follow a merge. */
export const containerTagMergeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { merges } = app.services;

  app.post(
    '/v3/container-tags/merge',
    route({
      access: 'admin',
      summary: 'Merge container tags into a target (runs in the background)',
      body: MergeBody,
      response: {
        202: z.object({
          success: z.boolean(),
          status: z.literal('queued'),
          mergeId: z.string(),
          targetTag: z.string(),
          sourceTags: z.array(z.string()),
        }),
      },
    }),
    async (request, reply) => {
      const body = request.body;
      const merge = await merges.start(principalOf(request), {
        sourceTags: [...(body.containerTags ?? []), ...(body.sourceTags ?? [])],
        targetTag: (body.targetContainerTag ?? body.targetTag)!,
      });
      return reply.code(202).send({ success: true, status: 'queued' as const, mergeId: merge.id, targetTag: merge.targetTag, sourceTags: merge.sourceTags });
    },
  );

  app.get(
    '/v3/container-tags/merge/:mergeId',
    route({ summary: 'Status and progress of a merge', params: z.object({ mergeId: z.string().min(1).max(64) }), response: { 200: MergeView } }),
    async (request) => toMergeView(await merges.get(principalOf(request), request.params.mergeId)),
  );
};
