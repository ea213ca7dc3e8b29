import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContainerTagDetails, ContainerTagSummary } from '../../core/tags/tag-service.js';
import { MAX_MERGE_SOURCES } from '../../core/tags/merges.js';
import { principalOf } from '../plugins/auth.js';
import { ContainerTag, EntityContext, errorResponses } from '../schemas/common.js';
import { ProfileBucket, ProfileBuckets } from '../schemas/profile-buckets.js';
import type { HttpDeps } from '../server.js';
import type { MergeRecord } from '../../model/tags.js';

const tags = ['container tags'];
const iso = (d: Date | null) => (d ? d.toISOString() : null);

const TagParams = z.object({ containerTag: ContainerTag });

const TagListItem = z
  .object({
    id: z.string(),
    name: z.string(),
    containerTag: z.string(),
    description: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    isExperimental: z.boolean(),
    isNova: z.boolean(),
    documentCount: z.number(),
    memoryCount: z.number().describe('Latest, not forgotten memories'),
    lastActivityAt: z.string().nullable(),
    mergeStatus: z.enum(['source', 'target']).optional(),
    mergeId: z.string().optional(),
    mergeTargetTag: z.string().optional(),
  })
  .meta({ id: 'ContainerTagListItem' });

const tagSettingsFields = {
  containerTag: z.string(),
  name: z.string().nullable(),
  entityContext: z.string().nullable(),
  memoryFilesystemPaths: z.array(z.string()).nullable(),
  profileBuckets: z.array(ProfileBucket),
  updatedAt: z.string(),
  documentCount: z.number(),
  memoryCount: z.number(),
  lastActivityAt: z.string().nullable(),
};
const TagView = z.object({ ...tagSettingsFields, createdAt: z.string() }).meta({ id: 'ContainerTag' });
const TagUpdateView = z.object(tagSettingsFields);

const TagPatchBody = z.strictObject({
  name: z.string().min(1).max(100).nullable().optional(),
  entityContext: EntityContext.nullable().optional(),
  memoryFilesystemPaths: z.array(z.string().min(1).max(1024)).max(100).nullable().optional(),
  profileBuckets: ProfileBuckets.optional().describe("Replaces the tag's own bucket list"),
});

const MergeBody = z
  .strictObject({
    containerTags: z.array(ContainerTag).min(1).max(MAX_MERGE_SOURCES + 1).optional().describe('Tags to merge; may include the target'),
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
  moved: z
    .object({ documents: z.number(), chunks: z.number(), memories: z.number(), renamedCustomIds: z.number(), duplicateMemories: z.number() })
    .optional(),
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

function toListItem(tag: ContainerTagSummary): z.infer<typeof TagListItem> {
  return {
    id: tag.spaceId ?? tag.containerTag,
    name: tag.name ?? tag.containerTag,
    containerTag: tag.containerTag,
    description: null,
    createdAt: tag.createdAt.toISOString(),
    updatedAt: tag.updatedAt.toISOString(),
    isExperimental: false,
    isNova: tag.containerTag.startsWith('sm_project_'),
    documentCount: tag.documentCount,
    memoryCount: tag.memoryCount,
    lastActivityAt: iso(tag.lastActivityAt),
    ...(tag.merge ? { mergeStatus: tag.merge.role, mergeId: tag.merge.mergeId, mergeTargetTag: tag.merge.targetTag } : {}),
  };
}

function toTagView(tag: ContainerTagDetails): z.infer<typeof TagView> {
  return { ...tag, createdAt: tag.createdAt.toISOString(), updatedAt: tag.updatedAt.toISOString(), lastActivityAt: iso(tag.lastActivityAt) };
}

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

export const containerTagRoutes =
  (deps: HttpDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v3/container-tags/list',
      { schema: { tags, summary: 'Container tags with counts and last activity', response: { 200: z.array(TagListItem), ...errorResponses } } },
      async (request) => (await deps.containerTags.list(principalOf(request))).map(toListItem),
    );

    app.post(
      '/v3/container-tags/merge',
      {
        config: { access: 'admin' },
        schema: {
          tags,
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
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        const body = request.body;
        const merge = await deps.merges.start(principalOf(request), {
          sourceTags: [...(body.containerTags ?? []), ...(body.sourceTags ?? [])],
          targetTag: (body.targetContainerTag ?? body.targetTag)!,
        });
        return reply.code(202).send({ success: true, status: 'queued' as const, mergeId: merge.id, targetTag: merge.targetTag, sourceTags: merge.sourceTags });
      },
    );

    app.get(
      '/v3/container-tags/merge/:mergeId',
      {
        schema: {
          tags,
          summary: 'Status and progress of a merge',
          params: z.object({ mergeId: z.string().min(1).max(64) }),
          response: { 200: MergeView, ...errorResponses },
        },
      },
      async (request) => toMergeView(await deps.merges.get(principalOf(request), request.params.mergeId)),
    );

    app.get(
      '/v3/container-tags/:containerTag',
      { schema: { tags, summary: 'Settings and counts of a container tag', params: TagParams, response: { 200: TagView, ...errorResponses } } },
      async (request) => toTagView(await deps.containerTags.get(principalOf(request), request.params.containerTag)),
    );

    app.patch(
      '/v3/container-tags/:containerTag',
      {
        config: { access: 'write' },
        schema: {
          tags,
          summary: 'Update (or create) the settings of a container tag',
          params: TagParams,
          body: TagPatchBody,
          response: { 200: TagUpdateView, ...errorResponses },
        },
      },
      async (request) => {
        const { createdAt: _createdAt, ...view } = toTagView(
          await deps.containerTags.update(principalOf(request), request.params.containerTag, request.body ?? {}),
        );
        return view;
      },
    );

    app.delete(
      '/v3/container-tags/:containerTag',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Delete the documents of a container tag and forget its memories',
          params: TagParams,
          response: {
            200: z.object({ success: z.boolean(), containerTag: z.string(), deletedDocumentsCount: z.number(), deletedMemoriesCount: z.number() }),
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const containerTag = request.params.containerTag;
        return { success: true, containerTag, ...(await deps.containerTags.delete(principalOf(request), containerTag)) };
      },
    );
  };
