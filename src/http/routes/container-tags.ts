import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContainerTagDetails, ContainerTagSummary } from '../../core/tags/tag-service.js';
import { principalOf } from '../plugins/auth.js';
import { EntityContext, TagParams } from '../schemas/common.js';
import { ProfileBucket, ProfileBuckets } from '../schemas/profile-buckets.js';
import { iso } from '../../model/timestamps.js';
import { routeOptions } from '../route-options.js';

const route = routeOptions({ tags: ['container tags'] });

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
    documentCount: z.number().describe("Every document of the tag, direct writes' lightweight documents included, as /v3/documents/list counts them"),
    memoryCount: z.number().describe('Latest, not forgotten memories (counts.memories of /v4/memories/list)'),
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

/** /v3/container-tags: list the tags, read, configure and delete one. */
export const containerTagRoutes: FastifyPluginAsyncZod = async (app) => {
  const { containerTags } = app.services;

  app.get(
    '/v3/container-tags/list',
    route({ summary: 'Container tags with counts and last activity', response: { 200: z.array(TagListItem) } }),
    async (request) => (await containerTags.list(principalOf(request))).map(toListItem),
  );

  app.get(
    '/v3/container-tags/:containerTag',
    route({ summary: 'Settings and counts of a container tag', params: TagParams, response: { 200: TagView } }),
    async (request) => toTagView(await containerTags.get(principalOf(request), request.params.containerTag)),
  );

  app.patch(
    '/v3/container-tags/:containerTag',
    route({
      access: 'write',
      summary: 'Update (or create) the settings of a container tag',
      params: TagParams,
      body: TagPatchBody,
      response: { 200: TagUpdateView },
    }),
    async (request) => {
      const { createdAt: _createdAt, ...view } = toTagView(await containerTags.update(principalOf(request), request.params.containerTag, request.body ?? {}));
      return view;
    },
  );

  app.delete(
    '/v3/container-tags/:containerTag',
    route({
      access: 'admin',
      summary: 'Delete the documents of a container tag and forget its memories',
      description:
        "Admin keys only. Deletes the tag's documents, chunks, connections, settings and profile. The memories drawn from " +
        "those documents are deleted with them; memories no document supports (imported ones) stay, forgotten ('container " +
        "tag deleted'). deletedMemoriesCount counts the live memories deleted and the memory rows forgotten.",
      params: TagParams,
      response: { 200: z.object({ success: z.boolean(), containerTag: z.string(), deletedDocumentsCount: z.number(), deletedMemoriesCount: z.number() }) },
    }),
    async (request) => {
      const containerTag = request.params.containerTag;
      return { success: true, containerTag, ...(await containerTags.delete(principalOf(request), containerTag)) };
    },
  );
};
