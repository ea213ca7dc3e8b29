import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FiltersInputSchema } from '../../model/filters.js';
import { DEFAULT_LIMIT, DEFAULT_THRESHOLD } from '../../core/search/search-service.js';
import { attachmentLinker } from '../file-link-origin.js';
import { principalOf } from '../plugins/auth.js';
import { ContainerTag, ContainerTags, Filepath } from '../schemas/common.js';
import { DocumentSearchResultView, SearchResultView, toDocumentSearchResult, toSearchResult } from '../views/search.js';
import { SearchTimings } from '../views/search-explain.js';
import { routeOptions } from '../route-options.js';

const route = routeOptions({ tags: ['search'] });

const Query = z.string().trim().min(1).max(10_000).describe('What to look for, in natural language');
const Limit = z.coerce.number().int().min(1).max(100);
const Explain = z
  .boolean()
  .optional()
  .describe('Adds to each result which retrievers found it with their own ranks and scores (`retrievers`), and the time of each phase (`timings`)');

const SearchBody = z
  .object({
    q: Query,
    containerTag: ContainerTag.nullish(),
    containerTags: ContainerTags.nullish(),
    threshold: z.number().min(0).max(1).optional().describe(`Minimum similarity (0..1); default ${DEFAULT_THRESHOLD}, 0 returns the most`),
    limit: Limit.optional(),
    searchMode: z.enum(['memories', 'hybrid', 'documents']).optional().describe('memories (default), documents, or hybrid (both)'),
    filters: FiltersInputSchema.optional(),
    filepath: Filepath.optional(),
    rerank: z.boolean().optional(),
    rewriteQuery: z.boolean().optional(),
    explain: Explain,
    aggregate: z.boolean().optional().describe('Accepted for compatibility; results are never aggregated'),
    include: z
      .object({
        documents: z.boolean().optional(),
        summaries: z.boolean().optional(),
        relatedMemories: z.boolean().optional(),
        forgottenMemories: z.boolean().optional(),
        chunks: z.boolean().optional().describe('Deprecated: implies hybrid and attaches matching chunks to memory results'),
      })
      .optional(),
  })
  .meta({ id: 'SearchRequest' });

const DocumentSearchBody = z
  .object({
    q: Query,
    containerTag: ContainerTag.nullish(),
    containerTags: ContainerTags.nullish(),
    docId: z.string().min(1).max(255).optional().describe('Search inside this document only'),
    filters: FiltersInputSchema.optional(),
    filepath: Filepath.optional(),
    limit: Limit.optional().describe('Documents to return'),
    chunkThreshold: z.number().min(0).max(1).optional(),
    documentThreshold: z.number().min(0).max(1).optional().describe('Deprecated and ignored'),
    onlyMatchingChunks: z.boolean().optional().describe('false adds the chunks around each match, flagged isRelevant: false'),
    includeFullDocs: z.boolean().optional(),
    includeSummary: z.boolean().optional(),
    rerank: z.boolean().optional(),
    rewriteQuery: z.boolean().optional(),
    explain: Explain,
    categoriesFilter: z.array(z.string()).optional().describe('Deprecated and ignored'),
  })
  .meta({ id: 'DocumentSearchRequest' });

/** /v4/search (memories, chunks or both) and /v3/search (documents with their matching chunks). */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { search } = app.services;

  app.post(
    '/v4/search',
    route({
      access: 'read',
      summary: 'Search memories, documents, or both',
      body: SearchBody,
      response: { 200: z.object({ results: z.array(SearchResultView), timing: z.number(), total: z.number(), timings: SearchTimings.optional() }) },
    }),
    async (request) => {
      const body = request.body;
      const include = {
        documents: body.include?.documents ?? false,
        summaries: body.include?.summaries ?? false,
        relatedMemories: body.include?.relatedMemories ?? false,
        forgottenMemories: body.include?.forgottenMemories ?? false,
        chunks: body.include?.chunks ?? false,
      };
      const principal = principalOf(request);
      const { hits, timing, timings } = await search.search(principal, {
        q: body.q,
        containerTag: body.containerTag,
        containerTags: body.containerTags,
        threshold: body.threshold ?? DEFAULT_THRESHOLD,
        limit: body.limit ?? DEFAULT_LIMIT,
        searchMode: body.searchMode ?? (include.chunks ? 'hybrid' : 'memories'),
        filters: body.filters,
        filepath: body.filepath,
        rerank: body.rerank ?? false,
        rewriteQuery: body.rewriteQuery ?? false,
        include,
      });
      const linked = attachmentLinker(app.services.fileLinks, request, principal.orgId);
      const results = hits.map((hit) => {
        const view = toSearchResult(hit, { ...include, explain: body.explain });
        if (view.chunk !== undefined && view.documentId) view.chunk = linked(view.documentId, view.chunk);
        view.chunks = view.chunks?.map((chunk) => ({ ...chunk, content: linked(chunk.documentId, chunk.content) }));
        return view;
      });
      return { results, timing, total: results.length, ...(body.explain ? { timings } : {}) };
    },
  );

  app.post(
    '/v3/search',
    route({
      access: 'read',
      summary: 'Search documents; results grouped by document with their matching chunks',
      body: DocumentSearchBody,
      response: { 200: z.object({ results: z.array(DocumentSearchResultView), timing: z.number(), total: z.number(), timings: SearchTimings.optional() }) },
    }),
    async (request) => {
      const body = request.body;
      const principal = principalOf(request);
      const { results, timing, timings } = await search.searchDocuments(principal, {
        q: body.q,
        containerTag: body.containerTag,
        containerTags: body.containerTags,
        docId: body.docId,
        filters: body.filters,
        filepath: body.filepath,
        limit: body.limit ?? DEFAULT_LIMIT,
        chunkThreshold: body.chunkThreshold ?? 0,
        onlyMatchingChunks: body.onlyMatchingChunks ?? true,
        includeFullDocs: body.includeFullDocs ?? false,
        includeSummary: body.includeSummary ?? false,
        rerank: body.rerank ?? false,
        rewriteQuery: body.rewriteQuery ?? false,
      });
      const linked = attachmentLinker(app.services.fileLinks, request, principal.orgId);
      const views = results.map((hit) => {
        const view = toDocumentSearchResult(hit, body.includeSummary ?? false, body.explain);
        const chunks = view.chunks.map((chunk) => ({ ...chunk, content: linked(view.documentId, chunk.content) }));
        return { ...view, chunks, ...(view.content !== undefined ? { content: linked(view.documentId, view.content) } : {}) };
      });
      return { results: views, timing, total: views.length, ...(body.explain ? { timings } : {}) };
    },
  );
};
