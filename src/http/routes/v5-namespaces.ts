import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContainerTagDetails } from '../../core/tags/tag-service.js';
import { principalOf } from '../plugins/auth.js';
import { EntityContext } from '../schemas/common.js';
import { Namespace, NamespaceParams, v5ErrorResponses } from '../schemas/v5.js';
import { pageOfList } from '../views/documents.js';
import { routeOptions } from '../route-options.js';

const route = routeOptions({ tags: ['v5'], errors: v5ErrorResponses, config: { validationErrors: 'v5' } });

const Timestamps = z.object({ createdAt: z.string(), updatedAt: z.string() }).strict();

const ListedNamespace = z
  .object({
    id: z.string(),
    namespace: z.string(),
    documentCount: z.number().int().min(0),
    memoryCount: z.number().int().min(0),
    description: z.string().nullable(),
    system: Timestamps,
  })
  .strict();

const NamespaceList = z
  .object({
    namespaces: z.array(ListedNamespace),
    pagination: z.object({ currentPage: z.number(), limit: z.number(), totalItems: z.number(), totalPages: z.number() }).strict(),
  })
  .strict();

const NamespaceSettings = z.object({ namespace: z.string(), supportingContext: z.string().nullable(), system: Timestamps }).strict();

const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

const Deleted = z
  .object({
    status: z.literal('deleted'),
    namespace: z.string(),
    deletedDocumentsCount: z.number().int().min(0),
    deletedMemoriesCount: z.number().int().min(0),
  })
  .strict();

const MoveQueued = z
  .object({
    status: z.literal('queued'),
    operationId: z.string().describe('The merge id: GET /v3/container-tags/merge/{mergeId} follows it'),
    namespace: z.string(),
    moveTo: z.string(),
  })
  .strict();

const toSettings = (tag: ContainerTagDetails): z.infer<typeof NamespaceSettings> => ({
  namespace: tag.containerTag,
  supportingContext: tag.entityContext,
  system: { createdAt: tag.createdAt.toISOString(), updatedAt: tag.updatedAt.toISOString() },
});

/**
 * /namespaces and /ns (list), /ns/{namespace} (read and update its supporting context): the v5
 * face of the container-tag service; deleting one, or moving its content into another first (the
 * container-tag merge). A namespace is a container tag; its supporting context is the tag's
 * entityContext.
 */
export const v5NamespaceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { containerTags, merges } = app.services;

  for (const url of ['/namespaces', '/ns']) {
    app.get(
      url,
      route({
        summary: 'Namespaces the key reaches, newest first, with their counts',
        description: 'The container tags of the organization (a scoped key: its own), as GET /v3/container-tags/list counts them.',
        querystring: PageQuery,
        response: { 200: NamespaceList },
      }),
      async (request) => {
        const page = request.query.page ?? 1;
        const limit = request.query.limit ?? 10;
        const all = (await containerTags.list(principalOf(request))).sort(
          (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || a.containerTag.localeCompare(b.containerTag),
        );
        const { items, pagination } = pageOfList(all, page, limit);
        const namespaces = items.map((tag) => ({
          id: tag.spaceId ?? tag.containerTag,
          namespace: tag.containerTag,
          documentCount: tag.documentCount,
          memoryCount: tag.memoryCount,
          description: null,
          system: { createdAt: tag.createdAt.toISOString(), updatedAt: tag.updatedAt.toISOString() },
        }));
        return { namespaces, pagination };
      },
    );
  }

  app.get(
    '/ns/:namespace',
    route({ summary: 'The supporting context of a namespace', params: NamespaceParams, response: { 200: NamespaceSettings } }),
    async (request) => toSettings(await containerTags.get(principalOf(request), request.params.namespace)),
  );

  app.patch(
    '/ns/:namespace',
    route({
      access: 'write',
      summary: 'Set or clear (null) the supporting context of a namespace',
      description: 'As PATCH /v3/container-tags/{containerTag} with entityContext, a namespace that does not exist yet is created.',
      params: NamespaceParams,
      body: z.object({ supportingContext: EntityContext.nullable().optional() }).strict(),
      response: { 200: NamespaceSettings },
    }),
    async (request) => {
      const { supportingContext } = request.body;
      const patch = supportingContext === undefined ? {} : { entityContext: supportingContext };
      return toSettings(await containerTags.update(principalOf(request), request.params.namespace, patch));
    },
  );

  app.delete(
    '/ns/:namespace',
    route({
      access: 'admin',
      summary: 'Delete a namespace, or move its content into another (moveTo) and retire it',
      description:
        'Admin keys only, as DELETE /v3/container-tags/{containerTag} and POST /v3/container-tags/merge. Without moveTo the ' +
        'namespace’s documents go, with the memories drawn from them (200, status deleted). With moveTo its content is merged ' +
        'into that namespace in the background (202, status queued; operationId is the merge id).',
      params: NamespaceParams,
      querystring: z.object({ moveTo: Namespace.optional() }),
      response: { 200: Deleted, 202: MoveQueued },
    }),
    async (request, reply) => {
      const principal = principalOf(request);
      const { namespace } = request.params;
      const { moveTo } = request.query;
      if (moveTo === undefined) {
        return { status: 'deleted' as const, namespace, ...(await containerTags.delete(principal, namespace)) };
      }
      const merge = await merges.start(principal, { sourceTags: [namespace], targetTag: moveTo });
      return reply.code(202).send({ status: 'queued' as const, operationId: merge.id, namespace, moveTo: merge.targetTag });
    },
  );
};
