import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FiltersInputSchema } from '../../model/filters.js';
import { withLegacyAlias } from '../legacy-paths.js';
import { principalOf } from '../plugins/auth.js';
import { ContainerTag, ContainerTags, errorResponses, IntLike, Metadata } from '../schemas/common.js';
import type { HttpDeps } from '../server.js';
import { pagination, Pagination } from '../views/documents.js';
import { MemoryEntryView, toMemoryEntry, toWrittenMemory, WrittenMemoryView } from '../views/memories.js';

const tags = ['memories'];

const ListBody = z.object({
  containerTags: ContainerTags.optional(),
  containerTag: ContainerTag.optional(),
  filters: FiltersInputSchema.optional(),
  page: IntLike(1, 1_000_000).optional(),
  limit: IntLike(1, 1100).optional(),
  sort: z.enum(['createdAt', 'updatedAt']).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});

const ForgetBody = z.object({
  containerTag: ContainerTag,
  id: z.string().min(1).max(255).optional(),
  content: z.string().min(1).max(10_000).optional(),
  reason: z.string().max(1000).nullish(),
});

const TagParams = z.object({ containerTag: ContainerTag });

const DateText = z.string().min(1).max(64);

const UpdateBody = z.object({
  containerTag: ContainerTag,
  id: z.string().min(1).max(255).optional(),
  content: z.string().min(1).max(10_000).optional(),
  newContent: z.string().trim().min(1).max(10_000),
  metadata: Metadata.nullish(),
  forgetAfter: DateText.nullish(),
  forgetReason: z.string().max(1000).nullish(),
  temporalContext: z.object({ documentDate: DateText.nullish(), eventDate: z.array(DateText).max(50).nullish() }).nullish(),
  reason: z.string().max(1000).optional(),
});

const ForgetMatchingBody = z.object({
  containerTag: ContainerTag,
  query: z.string().min(1).max(2000).optional(),
  ids: z.array(z.string().min(1).max(255)).min(1).max(500).optional(),
  dryRun: z.boolean().optional(),
  threshold: z.number().min(0).max(1).optional(),
  maxForget: z.number().int().min(1).max(500).optional(),
  reason: z.string().max(1000).nullish(),
});

const Candidate = z.object({ id: z.string(), memory: z.string(), score: z.number() });

export const memoryManagementRoutes =
  (deps: HttpDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/v4/memories/list',
      {
        schema: {
          tags,
          summary: 'List latest memories with their history and source documents',
          body: ListBody,
          response: { 200: z.object({ memoryEntries: z.array(MemoryEntryView), pagination: Pagination }), ...errorResponses },
        },
      },
      async (request) => {
        const body = request.body;
        const page = body.page ?? 1;
        const limit = body.limit ?? 10;
        const { items, total } = await deps.memoryListing.list(principalOf(request), {
          containerTags: [...(body.containerTags ?? []), ...(body.containerTag ? [body.containerTag] : [])],
          filters: body.filters,
          page,
          limit,
          sort: body.sort ?? 'createdAt',
          order: body.order ?? 'desc',
        });
        return { memoryEntries: items.map(toMemoryEntry), pagination: pagination(page, limit, total) };
      },
    );

    const forgetEndpoints = withLegacyAlias({ method: 'DELETE', url: '/v4/memories' }, { method: 'POST', url: '/v3/memories/forget' });
    for (const { method, url, openapi } of forgetEndpoints) {
      app.route({
        method,
        url,
        config: { access: 'write' },
        schema: {
          tags,
          summary: 'Forget one memory (soft: hidden from search and profiles)',
          ...openapi,
          body: ForgetBody,
          response: { 200: z.object({ id: z.string(), forgotten: z.boolean() }), ...errorResponses },
        },
        handler: async (request) => deps.memoryEdits.forget(principalOf(request), request.body),
      });
    }

    app.patch(
      '/v4/memories',
      {
        config: { access: 'write' },
        schema: {
          tags,
          summary: 'Update a memory: stores a new version that updates the old one',
          body: UpdateBody,
          response: {
            200: WrittenMemoryView.extend({
              version: z.number(),
              parentMemoryId: z.string().nullable(),
              rootMemoryId: z.string().nullable(),
            }),
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const { reason: _reason, ...input } = request.body;
        const m = await deps.memoryEdits.update(principalOf(request), { ...input, metadata: input.metadata });
        return { ...toWrittenMemory(m), version: m.version, parentMemoryId: m.parentMemoryId, rootMemoryId: m.rootMemoryId };
      },
    );

    app.post(
      '/v4/memories/forget-matching',
      {
        config: { access: 'write' },
        schema: {
          tags,
          summary: 'Forget memories that match a natural-language query, or by ids (with a dry run)',
          body: ForgetMatchingBody,
          response: {
            200: z.object({
              dryRun: z.boolean(),
              count: z.number(),
              forgetBatchId: z.string().nullable(),
              summary: z.string(),
              candidates: z.array(Candidate).optional(),
              forgotten: z.array(Candidate).optional(),
            }),
            ...errorResponses,
          },
        },
      },
      async (request) => deps.memoryEdits.forgetMatching(principalOf(request), request.body),
    );

    app.get(
      '/v3/container-tags/:containerTag/inferred',
      {
        schema: {
          tags,
          summary: 'Unreviewed inferred memories of a container tag',
          params: TagParams,
          response: {
            200: z.object({
              memories: z.array(
                z.object({
                  id: z.string(),
                  memory: z.string(),
                  parentCount: z.number(),
                  createdAt: z.string(),
                  updatedAt: z.string(),
                  metadata: z.record(z.string(), z.unknown()).nullable(),
                }),
              ),
              total: z.number(),
            }),
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const { rows, total } = await deps.memoryListing.listInferred(principalOf(request), request.params.containerTag);
        return {
          memories: rows.map(({ memory, parentCount }) => ({
            id: memory.id,
            memory: memory.memory,
            parentCount: Number(parentCount),
            createdAt: memory.createdAt.toISOString(),
            updatedAt: memory.updatedAt.toISOString(),
            metadata: memory.metadata ?? null,
          })),
          total,
        };
      },
    );

    app.post(
      '/v3/container-tags/:containerTag/inferred/:memoryId/review',
      {
        config: { access: 'write' },
        schema: {
          tags,
          summary: 'Approve, decline or undo the review of an inferred memory',
          params: TagParams.extend({ memoryId: z.string().min(1).max(255) }),
          body: z.object({ action: z.enum(['approve', 'decline', 'undo']) }),
          response: {
            200: z.object({
              id: z.string(),
              isInference: z.boolean(),
              isForgotten: z.boolean(),
              reviewStatus: z.enum(['approved', 'declined']).nullable(),
            }),
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const m = await deps.memoryListing.review(
          principalOf(request),
          request.params.containerTag,
          request.params.memoryId,
          request.body.action,
        );
        return {
          id: m.id,
          isInference: m.isInference,
          isForgotten: m.isForgotten,
          reviewStatus: (m.reviewStatus as 'approved' | 'declined' | null) ?? null,
        };
      },
    );
  };
