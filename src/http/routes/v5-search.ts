import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEFAULT_LIMIT } from '../../core/search/search-service.js';
import { rankWithSynthesized } from '../../core/search/aggregation.js';
import { attachmentLinker } from '../file-link-origin.js';
import { principalOf } from '../plugins/auth.js';
import { NamespaceParams, SearchBodyV5, toFiltersInput, v5ErrorResponses } from '../schemas/v5.js';
import { SearchAnswer, toSearchResultV5, toSynthesizedResultV5 } from '../views/v5.js';
import { routeOptions } from '../route-options.js';

const route = routeOptions({ tags: ['v5'], errors: v5ErrorResponses, config: { validationErrors: 'v5' } });

/** The v5 API's default similarity threshold (v4's is the search service's own). */
const V5_THRESHOLD = 0.3;

/** v5 search modes as the search service names them: `chunks` is its `documents` mode (chunk hits). */
const SEARCH_MODES = { hybrid: 'hybrid', memories: 'memories', chunks: 'documents' } as const;

/** /ns/{namespace}/search: the v5 face of the search service, hybrid by default. */
export const v5SearchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { search } = app.services;

  app.post(
    '/ns/:namespace/search',
    route({
      access: 'read',
      summary: 'Search the memories and document chunks of a namespace',
      description: `Hybrid (memories and chunks) unless searchMode says otherwise; threshold ${V5_THRESHOLD} and limit ${DEFAULT_LIMIT} by default. rerank order reranks the results; aggregate reranks them too and adds statements combined from several found memories that overlap (isInference: true, an id starting agg_, metadata.sources naming the memories; not stored), within the limit.`,
      params: NamespaceParams,
      body: SearchBodyV5,
      response: { 200: SearchAnswer },
    }),
    async (request) => {
      const { body } = request;
      const principal = principalOf(request);
      const include = { documents: body.include?.documents ?? false, related: body.include?.related ?? false };
      const rerank = body.rerank ?? 'none';
      const limit = body.limit ?? DEFAULT_LIMIT;
      const { hits, synthesized, timing } = await search.search(principal, {
        q: body.query,
        containerTag: request.params.namespace,
        threshold: body.threshold ?? V5_THRESHOLD,
        limit,
        searchMode: SEARCH_MODES[body.searchMode ?? 'hybrid'],
        filters: toFiltersInput(body.filter),
        rerank: rerank !== 'none',
        aggregate: rerank === 'aggregate',
        rewriteQuery: body.rewriteQuery ?? false,
        include: {
          documents: include.documents,
          summaries: include.documents,
          relatedMemories: include.related,
          forgottenMemories: body.include?.forgotten ?? false,
          chunks: false,
        },
      });
      const linked = attachmentLinker(app.services.fileLinks, request, principal.orgId);
      const results = rankWithSynthesized(hits, synthesized, limit).map((hit) => {
        if (hit.kind === 'synthesized') return toSynthesizedResultV5(hit, include);
        const view = toSearchResultV5(hit, include);
        return hit.kind === 'chunk' ? { ...view, chunk: linked(hit.chunk.documentId, view.chunk) } : view;
      });
      return { results, searchTime: timing };
    },
  );
};
