import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../plugins/auth.js';
import { ContainerTag, ContainerTags, IntLike } from '../schemas/common.js';
import { DocumentWithMemoriesView, Pagination, pagination, toDocumentWithMemories } from '../views/documents.js';
import { routeOptions } from '../route-options.js';

const route = routeOptions({ tags: ['documents'] });

/** Lower than the plain list's 1100: every document carries its memories. */
const MAX_PAGE_SIZE = 100;

const TagScope = {
  containerTags: ContainerTags.optional(),
  containerTag: ContainerTag.optional(),
};

const PageBody = z.object({
  ...TagScope,
  sources: z.array(z.string().min(1).max(64)).max(100).optional().describe('Connector sources or document types'),
  page: IntLike(1, 1_000_000).optional(),
  limit: IntLike(1, MAX_PAGE_SIZE).optional(),
  sort: z.enum(['createdAt', 'updatedAt']).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});

const ByIdsBody = z.object({
  ...TagScope,
  ids: z.array(z.string().min(1).max(255)).min(1).max(100),
  by: z.enum(['id', 'customId']).optional(),
});

const FacetsBody = z.object(TagScope);

const FacetCount = z.object({ value: z.string().nullable(), count: z.number().int() });

const requestedTags = (body: { containerTags?: string[]; containerTag?: string }) => [
  ...(body.containerTags ?? []),
  ...(body.containerTag ? [body.containerTag] : []),
];

/**
 * /v3/documents/documents…: the console's document views, documents with their memories, and
 * counts per source, status and type.
 */
export const documentsWithMemoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.documentsWithMemories;

  app.post(
    '/v3/documents/documents',
    route({
      access: 'read',
      summary: 'Documents with their latest memories, paginated',
      body: PageBody,
      response: { 200: z.object({ documents: z.array(DocumentWithMemoriesView), pagination: Pagination }) },
    }),
    async (request) => {
      const body = request.body;
      const page = body.page ?? 1;
      const limit = body.limit ?? 10;
      const { items, total } = await service.page(principalOf(request), {
        containerTags: requestedTags(body),
        sources: body.sources,
        page,
        limit,
        sort: body.sort ?? 'createdAt',
        order: body.order ?? 'desc',
      });
      return { documents: items.map(toDocumentWithMemories), pagination: pagination(page, limit, total) };
    },
  );

  app.post(
    '/v3/documents/documents/by-ids',
    route({
      access: 'read',
      summary: 'Documents with their latest memories, by ids or customIds (unknown ones left out)',
      body: ByIdsBody,
      response: { 200: z.object({ documents: z.array(DocumentWithMemoriesView) }) },
    }),
    async (request) => {
      const items = await service.byIds(principalOf(request), {
        ids: request.body.ids,
        by: request.body.by ?? 'id',
        containerTags: requestedTags(request.body),
      });
      return { documents: items.map(toDocumentWithMemories) };
    },
  );

  app.post(
    '/v3/documents/documents/facets',
    route({
      access: 'read',
      summary: 'Document counts per source, status and type',
      body: FacetsBody,
      response: {
        200: z.object({
          facets: z.object({ source: z.array(FacetCount), status: z.array(FacetCount), type: z.array(FacetCount) }),
          total: z.number().int(),
        }),
      },
    }),
    async (request) => {
      const { total, ...facets } = await service.facets(principalOf(request), { containerTags: requestedTags(request.body) });
      return { facets, total };
    },
  );
};
