import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../model/errors.js';
import { FILE_LINK_TTL_MS } from '../../core/access/file-links.js';
import { FiltersInputSchema } from '../../model/filters.js';
import { withLegacyMemoriesPath } from '../legacy-paths.js';
import { principalOf } from '../plugins/auth.js';
import {
  ContainerTag,
  ContainerTags,
  CustomId,
  DocumentDate,
  EntityContext,
  errorResponses,
  Filepath,
  IntLike,
  Metadata,
  TaskType,
} from '../schemas/common.js';
import type { HttpDeps } from '../server.js';
import { readUpload } from '../upload.js';
import {
  ChunkView,
  DocumentListItem,
  DocumentView,
  Pagination,
  pagination,
  toChunkView,
  toDocumentView,
  toListItem,
} from '../views/documents.js';

const tags = ['documents'];

const documentFields = {
  containerTag: ContainerTag.nullish(),
  containerTags: ContainerTags.nullish(),
  customId: CustomId.nullish(),
  metadata: Metadata.nullish(),
  taskType: TaskType.nullish(),
  filepath: Filepath.nullish(),
  documentDate: DocumentDate.nullish(),
  entityContext: EntityContext.nullish(),
  title: z.string().max(500).nullish(),
  filterByMetadata: z.record(z.string(), z.unknown()).nullish(),
  dreaming: z.enum(['instant', 'dynamic']).nullish(),
};

export const AddDocumentBody = z
  .object({
    content: z.string().min(1).describe('Text, markdown, or an http(s) URL to fetch'),
    ...documentFields,
  })
  .meta({ id: 'AddDocument' });

const WriteResponse = z.object({ id: z.string(), status: z.string() });

const BatchItem = z.union([z.string().min(1), AddDocumentBody]);
const BatchBody = z.object({
  documents: z.array(BatchItem).min(1).max(600),
  ...documentFields,
  content: z.null().optional(),
});
const BatchResult = z.object({
  id: z.string(),
  status: z.string(),
  error: z.string().optional(),
  details: z.string().optional(),
});

const IdParams = z.object({ id: z.string().min(1).max(255) });
/** Sent as the bytes uploaded, under their own media type; the OpenAPI `content` says so. */
const UploadedFile = z.any().meta({
  description: 'The uploaded file, under its own media type',
  content: { '*/*': { schema: { type: 'string', format: 'binary' } } },
});
const LookupQuery = z.object({ containerTag: ContainerTag.optional() });

const PatchBody = z.object({ content: z.string().min(1).optional(), ...documentFields });

const BulkDeleteBody = z.object({
  ids: z.array(z.string().min(1).max(255)).min(1).max(100).optional(),
  containerTags: ContainerTags.min(1).optional(),
  filepath: Filepath.optional(),
});

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
  .transform((v) => (v ? v.split(',').map((t) => t.trim()).filter(Boolean) : undefined))
  .pipe(ContainerTags.optional());

export const documentRoutes =
  (deps: HttpDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const service = deps.documents;

    for (const { method, url, openapi } of withLegacyMemoriesPath('POST', '/v3/documents')) {
      app.route({
        method,
        url,
        config: { access: 'write' },
        schema: {
          tags,
          summary: 'Add a document (text or URL)',
          ...openapi,
          body: AddDocumentBody,
          response: { 200: WriteResponse, ...errorResponses },
        },
        handler: async (request) => service.add(principalOf(request), request.body),
      });
    }

    app.post(
      '/v3/documents/batch',
      {
        config: { access: 'write' },
        schema: {
          tags,
          summary: 'Add up to 600 documents',
          body: BatchBody,
          response: { 200: z.object({ results: z.array(BatchResult), success: z.number(), failed: z.number() }), ...errorResponses },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        const { documents, content: _content, ...defaults } = request.body;
        const items = documents.map((item) => (typeof item === 'string' ? { ...defaults, content: item } : { ...defaults, ...item }));
        const results: z.infer<typeof BatchResult>[] = [];
        for (const item of items) {
          try {
            results.push(await service.add(principal, item));
          } catch (error) {
            if (!(error instanceof Error) || !('status' in error)) throw error;
            const details = (error as { details?: string }).details;
            results.push({ id: '', status: 'error', error: error.message, ...(details ? { details } : {}) });
          }
        }
        const failed = results.filter((r) => r.status === 'error').length;
        return { results, success: results.length - failed, failed };
      },
    );

    for (const { method, url, openapi } of withLegacyMemoriesPath('POST', '/v3/documents/file')) {
      app.route({
        method,
        url,
        config: { access: 'write' },
        schema: {
          tags,
          summary: 'Upload a file (multipart/form-data, field "file")',
          ...openapi,
          consumes: ['multipart/form-data'],
          response: { 200: WriteResponse, ...errorResponses },
        },
        handler: async (request) => {
          const upload = await readUpload(request, deps.config.MAX_FILE_BYTES);
          return service.addFile(principalOf(request), upload);
        },
      });
    }

    for (const { method, url, openapi } of withLegacyMemoriesPath('POST', '/v3/documents/list')) {
      app.route({
        method,
        url,
        schema: {
          tags,
          summary: 'List documents with filters and pagination',
          ...openapi,
          body: ListBody,
          response: {
            200: z.object({
              memories: z.array(DocumentListItem),
              results: z.array(DocumentListItem),
              totalCount: z.number(),
              pagination: Pagination,
            }),
            ...errorResponses,
          },
        },
        handler: async (request) => {
          const body = request.body ?? {};
          const limit = body.limit ?? 10;
          const page = body.page ?? 1;
          const { rows, total } = await service.list(principalOf(request), {
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
          const items = rows.map(toListItem);
          return { memories: items, results: items, totalCount: total, pagination: pagination(page, limit, total) };
        },
      });
    }

    app.get(
      '/v3/documents/processing',
      {
        schema: {
          tags,
          summary: 'Documents not yet done or failed',
          querystring: z.object({ containerTags: commaList }),
          response: { 200: z.object({ documents: z.array(DocumentListItem), totalCount: z.number() }), ...errorResponses },
        },
      },
      async (request) => {
        const { rows, total } = await service.listProcessing(principalOf(request), request.query.containerTags);
        return { documents: rows.map((row) => toListItem({ ...row, content: undefined })), totalCount: total };
      },
    );

    for (const { method, url, openapi } of withLegacyMemoriesPath('DELETE', '/v3/documents/bulk')) {
      app.route({
        method,
        url,
        config: { access: 'write' },
        schema: {
          tags,
          summary: 'Delete by ids, container tags or filepath',
          ...openapi,
          body: BulkDeleteBody,
          response: {
            200: z.object({
              success: z.boolean(),
              deletedCount: z.number(),
              errors: z.array(z.object({ id: z.string(), error: z.string() })).optional(),
              containerTags: z.array(z.string()).optional(),
            }),
            ...errorResponses,
          },
        },
        handler: async (request) => {
          if (!request.body || (!request.body.ids && !request.body.containerTags && request.body.filepath === undefined)) {
            throw badRequest('Nothing to delete', 'body: give ids, containerTags or filepath');
          }
          return { success: true, ...(await service.deleteBulk(principalOf(request), request.body)) };
        },
      });
    }

    for (const { method, url, openapi } of withLegacyMemoriesPath('GET', '/v3/documents/:id')) {
      app.route({
        method,
        url,
        schema: {
          tags,
          summary: 'Get a document by id or customId',
          ...openapi,
          params: IdParams,
          querystring: LookupQuery,
          response: { 200: DocumentView, ...errorResponses },
        },
        handler: async (request) => {
          const { document, memories } = await service.getWithMemories(principalOf(request), request.params.id, request.query.containerTag);
          return toDocumentView(document, memories);
        },
      });
    }

    for (const { method, url, openapi } of withLegacyMemoriesPath('PATCH', '/v3/documents/:id')) {
      app.route({
        method,
        url,
        config: { access: 'write' },
        schema: {
          tags,
          summary: 'Update content or metadata',
          ...openapi,
          params: IdParams,
          body: PatchBody,
          response: { 200: WriteResponse, ...errorResponses },
        },
        handler: async (request) => service.update(principalOf(request), request.params.id, request.body ?? {}),
      });
    }

    for (const { method, url, openapi } of withLegacyMemoriesPath('DELETE', '/v3/documents/:id')) {
      app.route({
        method,
        url,
        config: { access: 'write' },
        schema: {
          tags,
          summary: 'Delete a document by id or customId',
          ...openapi,
          params: IdParams,
          querystring: LookupQuery,
          response: { 204: z.null(), ...errorResponses },
        },
        handler: async (request, reply) => {
          await service.delete(principalOf(request), request.params.id, request.query.containerTag);
          return reply.code(204).send(null);
        },
      });
    }

    app.get(
      '/v3/documents/:id/chunks',
      {
        schema: {
          tags,
          summary: 'Retrieval chunks of a document',
          params: IdParams,
          response: { 200: z.object({ documentId: z.string(), chunks: z.array(ChunkView), total: z.number() }), ...errorResponses },
        },
      },
      async (request) => {
        const { document, chunks } = await service.chunks(principalOf(request), request.params.id);
        return { documentId: document.id, chunks: chunks.map(toChunkView), total: chunks.length };
      },
    );

    app.get(
      '/v3/documents/:id/file-url',
      {
        schema: {
          tags,
          summary: 'Signed, expiring URL of the uploaded file',
          params: IdParams,
          response: { 200: z.object({ url: z.string(), expiresAt: z.string() }), ...errorResponses },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        const doc = await service.file(principal, request.params.id);
        const expiresAt = new Date(deps.clock.now().getTime() + FILE_LINK_TTL_MS);
        const token = deps.fileLinks.sign(principal.orgId, doc.id, expiresAt);
        const base = deps.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`;
        return { url: `${base.replace(/\/$/, '')}/files/${token}`, expiresAt: expiresAt.toISOString() };
      },
    );

    app.get(
      '/files/:token',
      {
        config: { public: true },
        schema: {
          tags,
          summary: 'Download an uploaded file through a signed link',
          params: z.object({ token: z.string().min(1).max(2000) }),
          response: { 200: UploadedFile, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { orgId, documentId } = deps.fileLinks.verify(request.params.token, deps.clock.now());
        const file = await service.fileContent(orgId, documentId);
        const filename = (file.filename ?? 'file').replace(/[^\w.\- ]+/g, '_');
        return reply
          .header('content-type', file.mimeType ?? 'application/octet-stream')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('x-content-type-options', 'nosniff')
          .send(Buffer.from(file.data));
      },
    );
  };
