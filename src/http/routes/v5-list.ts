import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachmentLinker } from '../file-link-origin.js';
import { principalOf } from '../plugins/auth.js';
import { ListBodyV5, ListParams, ListQuery, toFiltersInput, v5ErrorResponses } from '../schemas/v5.js';
import { pagination } from '../views/documents.js';
import { ListAnswer, toChunkV5, toListedDocumentV5, toMemoryV5 } from '../views/v5.js';
import { routeOptions } from '../route-options.js';

const route = routeOptions({ tags: ['v5'], errors: v5ErrorResponses, config: { validationErrors: 'v5' } });

/**
 * /ns/{namespace}/list/{documents|chunks|memories}: one page of one kind, the other two arrays
 * empty. Documents and chunks come from the document service, memories from the memory listing
 * (latest versions; forgotten ones only with `include.forgotten`).
 */
export const v5ListRoutes: FastifyPluginAsyncZod = async (app) => {
  const { documents, memoryListing } = app.services;

  app.post(
    '/ns/:namespace/list/:type',
    route({
      access: 'read',
      summary: 'List the documents or memories of a namespace, a page at a time',
      description:
        'Chunks are those of the namespace’s documents, the filter applying to their documents’ metadata; `sort: position` applies ' +
        'to chunks only (documents and memories sort by createdAt then), and chunks have no updatedAt (createdAt is used).',
      params: ListParams,
      querystring: ListQuery,
      body: ListBodyV5.nullish(),
      response: { 200: ListAnswer },
    }),
    async (request) => {
      const { namespace, type } = request.params;
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? 10;
      const sort = request.query.sort === 'updatedAt' ? 'updatedAt' : 'createdAt';
      const order = request.query.order ?? 'desc';
      const filters = toFiltersInput(request.body?.filter);
      const principal = principalOf(request);
      if (type === 'documents') {
        const { rows, total } = await documents.list(principal, { containerTags: [namespace], filters, limit, page, sort, order });
        return { documents: rows.map(toListedDocumentV5), chunks: [], memories: [], pagination: pagination(page, limit, total) };
      }
      if (type === 'memories') {
        const { items, total } = await memoryListing.list(principal, {
          containerTags: [namespace],
          filters,
          page,
          limit,
          sort,
          order,
          includeForgotten: request.body?.include?.forgotten ?? false,
        });
        return { documents: [], chunks: [], memories: items.map((item) => toMemoryV5(item.memory)), pagination: pagination(page, limit, total) };
      }
      const { rows, total } = await documents.listChunksOfTag(principal, {
        containerTag: namespace,
        filters,
        page,
        limit,
        sort: request.query.sort === 'position' ? 'position' : 'createdAt',
        order,
      });
      const linked = attachmentLinker(app.services.fileLinks, request, principal.orgId);
      const chunks = rows.map(({ chunk, documentCustomId }) => ({
        ...toChunkV5({ ...chunk, content: linked(chunk.documentId, chunk.content) }),
        documentId: documentCustomId ?? chunk.documentId,
      }));
      return { documents: [], chunks, memories: [], pagination: pagination(page, limit, total) };
    },
  );
};
