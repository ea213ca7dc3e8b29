import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalidInput } from '../../model/errors.js';
import { FiltersInputSchema } from '../../model/filters.js';
import { memoriesPath, withLegacyPaths } from '../alias-routes.js';
import { principalOf } from '../plugins/auth.js';
import { ContainerTag, ContainerTags, Filepath, IntLike } from '../schemas/common.js';
import { AddDocumentBody, documentFields, IdParams, WriteResponse } from '../schemas/documents.js';
import { attachmentLinker } from '../file-link-origin.js';
import { ChunkView, DocumentListItem, DocumentView, Pagination, pagination, toChunkView, toDocumentView, toListItem } from '../views/documents.js';
import { routeOptions } from '../route-options.js';

const route = routeOptions({ tags: ['documents'] });

const LookupQuery = z.object({ containerTag: ContainerTag.optional() });

const PatchBody = z.object({
  content: z
    .string()
    .min(1)
    .optional()
    .describe('New content: the document is processed again and its memories follow (changed facts superseded, dropped ones forgotten)'),
  ...documentFields,
  containerTag: documentFields.containerTag.describe(
    'Moves the document, with its chunks and memories, to this tag; memories it shares with documents that stay are copied',
  ),
});

const BulkDeleteBody = z.object({
  ids: z.array(z.string().min(1).max(255)).min(1).max(100).optional().describe('Documents by id or customId'),
  containerTags: ContainerTags.min(1).optional().describe('Every document of these tags'),
  filepath: Filepath.optional().describe('The document at this path, or every document under a folder ending in /'),
});

/** What a document delete does to memories, said once for every delete route. */
const DELETES_MEMORIES =
  'The memories drawn only from the deleted documents are deleted with them (every version); a memory another document ' +
  "or a direct write also supports stays, with its documentIds and sourceCount updated, and a fact's earlier version " +
  'becomes the latest again when the document that updated it goes.';

const ListBody = z
  .object({
    containerTags: ContainerTags.optional(),
    containerTag: ContainerTag.optional(),
    filters: FiltersInputSchema.optional(),
    includeContent: z.boolean().optional(),
    limit: IntLike(1, 1100).optional(),
    page: IntLike(1, 1_000_000).optional(),
    sort: z.enum(['createdAt', 'updatedAt']).optional(),
    order: z.enum(['asc', 'desc']).optional(),
    source: z.string().max(64).optional(),
    filepath: Filepath.optional(),
  })
  .default({});

const commaList = z
  .string()
  .optional()
  .transform((v) =>
    v
      ? v
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean)
      : undefined,
  )
  .pipe(ContainerTags.optional());

/**
 * /v3/documents: add, list, read, update and delete documents, and a document's chunks. Each
 * route but processing and chunks answers on /v3/memories… too (older clients).
 */
export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  const documents = app.services.documents;
  const legacy = withLegacyPaths(app, memoriesPath);

  legacy.route({
    method: 'POST',
    url: '/v3/documents',
    ...route({
      access: 'write',
      summary: 'Add a document (text or URL)',
      description:
        'With the customId of a document of the tag, that document is updated: new content is processed again and its ' +
        'memories follow it as PATCH /v3/documents/{id} describes.',
      body: AddDocumentBody,
      response: { 200: WriteResponse },
    }),
    handler: async (request) => documents.add(principalOf(request), request.body),
  });

  legacy.route({
    method: 'POST',
    url: '/v3/documents/list',
    ...route({
      access: 'read',
      summary: 'List documents with filters and pagination',
      body: ListBody,
      response: {
        200: z.object({
          memories: z.array(DocumentListItem),
          results: z.array(DocumentListItem),
          totalCount: z.number(),
          pagination: Pagination,
        }),
      },
    }),
    handler: async (request) => {
      const body = request.body ?? {};
      const limit = body.limit ?? 10;
      const page = body.page ?? 1;
      const principal = principalOf(request);
      const linked = attachmentLinker(app.services.fileLinks, request, principal.orgId);
      const { rows, total } = await documents.list(principal, {
        containerTags: [...(body.containerTags ?? []), ...(body.containerTag ? [body.containerTag] : [])],
        filters: body.filters,
        includeContent: body.includeContent,
        limit,
        page,
        sort: body.sort ?? 'createdAt',
        order: body.order ?? 'desc',
        source: body.source,
        filepath: body.filepath,
      });
      const items = rows.map((row) => toListItem({ ...row, content: linked(row.id, row.content) }));
      return { memories: items, results: items, totalCount: total, pagination: pagination(page, limit, total) };
    },
  });

  app.get(
    '/v3/documents/processing',
    route({
      summary: 'Documents not yet done or failed',
      querystring: z.object({ containerTags: commaList }),
      response: { 200: z.object({ documents: z.array(DocumentListItem), totalCount: z.number() }) },
    }),
    async (request) => {
      const { rows, total } = await documents.listProcessing(principalOf(request), request.query.containerTags);
      return { documents: rows.map((row) => toListItem(row)), totalCount: total };
    },
  );

  legacy.route({
    method: 'DELETE',
    url: '/v3/documents/bulk',
    ...route({
      access: 'write',
      summary: 'Delete by ids, container tags or filepath',
      description: `Deletes the documents with their chunks and files. ${DELETES_MEMORIES}`,
      body: BulkDeleteBody,
      response: {
        200: z.object({
          success: z.boolean(),
          deletedCount: z.number(),
          errors: z.array(z.object({ id: z.string(), error: z.string() })).optional(),
          containerTags: z.array(z.string()).optional(),
        }),
      },
    }),
    handler: async (request) => {
      if (!request.body || (!request.body.ids && !request.body.containerTags && request.body.filepath === undefined)) {
        throw invalidInput('Nothing to delete', 'body: give ids, containerTags or filepath');
      }
      return { success: true, ...(await documents.deleteBulk(principalOf(request), request.body)) };
    },
  });

  legacy.route({
    method: 'GET',
    url: '/v3/documents/:id',
    ...route({ summary: 'Get a document by id or customId', params: IdParams, querystring: LookupQuery, response: { 200: DocumentView } }),
    handler: async (request) => {
      const principal = principalOf(request);
      const { document, memories } = await documents.getWithMemories(principal, request.params.id, request.query.containerTag);
      const linked = attachmentLinker(app.services.fileLinks, request, principal.orgId);
      return toDocumentView({ ...document, content: linked(document.id, document.content) }, memories);
    },
  });

  legacy.route({
    method: 'PATCH',
    url: '/v3/documents/:id',
    ...route({
      access: 'write',
      summary: 'Update content or metadata',
      description:
        'New content is processed again (status goes back to queued), and the memories drawn from the document follow it: a ' +
        'fact it now states with new values becomes a new version of the old one (`updates`), a fact it no longer states is ' +
        "forgotten (forgetReason 'no longer stated by its source document') unless another source still supports it, and a " +
        'restated fact stays as it is. A new containerTag moves the document, its chunks and the memories only it supports; ' +
        'memories it shares with documents that stay remain in the old tag without it, and the document gets its own copy in ' +
        'the new tag, so a key scoped to the old tag finds nothing of it.',
      params: IdParams,
      body: PatchBody,
      response: { 200: WriteResponse },
    }),
    handler: async (request) => documents.update(principalOf(request), request.params.id, request.body ?? {}),
  });

  legacy.route({
    method: 'DELETE',
    url: '/v3/documents/:id',
    ...route({
      access: 'write',
      summary: 'Delete a document by id or customId',
      description: `Deletes the document with its chunks and files. ${DELETES_MEMORIES}`,
      params: IdParams,
      querystring: LookupQuery,
      response: { 204: z.null() },
    }),
    handler: async (request, reply) => {
      await documents.delete(principalOf(request), request.params.id, request.query.containerTag);
      return reply.code(204).send(null);
    },
  });

  app.get(
    '/v3/documents/:id/chunks',
    route({
      summary: 'Retrieval chunks of a document',
      params: IdParams,
      response: { 200: z.object({ documentId: z.string(), chunks: z.array(ChunkView), total: z.number() }) },
    }),
    async (request) => {
      const principal = principalOf(request);
      const { document, chunks } = await documents.chunks(principal, request.params.id);
      const linked = attachmentLinker(app.services.fileLinks, request, principal.orgId);
      const views = chunks.map((chunk) => toChunkView({ ...chunk, content: linked(document.id, chunk.content) }));
      return { documentId: document.id, chunks: views, total: chunks.length };
    },
  );
};
