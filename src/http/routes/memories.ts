import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FiltersInputSchema } from '../../model/filters.js';
import { withLegacyPaths } from '../alias-routes.js';
import { principalOf } from '../plugins/auth.js';
import { ContainerTag, ContainerTags, IntLike, Metadata } from '../schemas/common.js';
import { pagination, Pagination } from '../views/documents.js';
import { MemoryEntryView, toMemoryEntry, toWrittenMemory, WrittenMemoryView } from '../views/memories.js';
import { routeOptions } from '../route-options.js';

const route = routeOptions({ tags: ['memories'] });

const DateText = z.string().min(1).max(64);

const ListBody = z.object({
  containerTags: ContainerTags.optional(),
  containerTag: ContainerTag.optional(),
  filters: FiltersInputSchema.optional(),
  page: IntLike(1, 1_000_000).optional(),
  limit: IntLike(1, 1100).optional(),
  sort: z.enum(['createdAt', 'updatedAt']).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});

const ListCounts = z
  .object({
    memories: z.number().int().describe('Live memories listed (latest, not forgotten): the container tag list counts these as memoryCount'),
    forgotten: z.number().int().describe('Forgotten memories listed (flagged); memories + forgotten = pagination.totalItems'),
  })
  .meta({ id: 'MemoryListCounts' });

const ForgetBody = z.object({
  containerTag: ContainerTag,
  id: z.string().min(1).max(255).optional(),
  content: z.string().min(1).max(10_000).optional(),
  reason: z.string().max(1000).nullish(),
});

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
  dryRun: z
    .boolean()
    .optional()
    .describe('Preview without forgetting. Defaults to true with `query` (a match is a judgement to check first), false with `ids`'),
  threshold: z.number().min(0).max(1).optional().describe('Lowest search similarity of a memory to forget (query mode; default: the search default)'),
  maxForget: z.number().int().min(1).max(500).optional(),
  reason: z.string().max(1000).nullish(),
});

const NewMemory = z.object({
  content: z.string().trim().min(1).max(10_000),
  isStatic: z.boolean().optional().describe('A lasting trait (identity, role) rather than an episode'),
  metadata: Metadata.nullish(),
  forgetAfter: DateText.nullish().describe('ISO date after which the memory drops out of search'),
  forgetReason: z.string().max(1000).nullish(),
  temporalContext: z.object({ documentDate: DateText.nullish(), eventDate: z.array(DateText).max(50).nullish() }).nullish(),
});

const CreateBody = z.object({ containerTag: ContainerTag, memories: z.array(NewMemory).min(1).max(100) }).meta({ id: 'CreateMemories' });

const CreatedMemory = WrittenMemoryView.extend({ isStatic: z.boolean() });

const Candidate = z.object({ id: z.string(), memory: z.string(), score: z.number() });

/**
 * /v4/memories: write memories, list them with their history, update one (a new version), forget
 * one (also POST /v3/memories/forget, older clients) or those matching a query.
 */
export const memoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { memoryWriter, memoryEdits, memoryListing } = app.services;
  app.post(
    '/v4/memories',
    route({
      access: 'write',
      summary: 'Write memories directly (embedded at once, searchable on return)',
      body: CreateBody,
      response: { 201: z.object({ documentId: z.string().nullable(), memories: z.array(CreatedMemory) }) },
    }),
    async (request, reply) => {
      const created = await memoryWriter.create(principalOf(request), request.body);
      return reply.code(201).send({
        documentId: created.documentId,
        memories: created.memories.map((m) => ({ ...toWrittenMemory(m), isStatic: m.isStatic })),
      });
    },
  );

  app.post(
    '/v4/memories/list',
    route({
      access: 'read',
      summary: 'List latest memories with their history and source documents',
      description:
        'The latest version of each memory, forgotten ones included and flagged (`isForgotten`, `forgetReason`). ' +
        "`pagination.totalItems` counts them all; `counts.memories` the live ones (what a container tag's `memoryCount` says) " +
        'and `counts.forgotten` the rest. `documentIds` are the documents any version was drawn from.',
      body: ListBody,
      response: { 200: z.object({ memoryEntries: z.array(MemoryEntryView), pagination: Pagination, counts: ListCounts }) },
    }),
    async (request) => {
      const body = request.body;
      const page = body.page ?? 1;
      const limit = body.limit ?? 10;
      const { items, total, forgotten } = await memoryListing.list(principalOf(request), {
        containerTags: [...(body.containerTags ?? []), ...(body.containerTag ? [body.containerTag] : [])],
        filters: body.filters,
        page,
        limit,
        sort: body.sort ?? 'createdAt',
        order: body.order ?? 'desc',
      });
      return {
        memoryEntries: items.map(toMemoryEntry),
        pagination: pagination(page, limit, total),
        counts: { memories: total - forgotten, forgotten },
      };
    },
  );

  withLegacyPaths(app, () => [{ method: 'POST', url: '/v3/memories/forget' }]).route({
    method: 'DELETE',
    url: '/v4/memories',
    ...route({
      access: 'write',
      summary: 'Forget one memory (soft: hidden from search and profiles)',
      body: ForgetBody,
      response: { 200: z.object({ id: z.string(), forgotten: z.boolean() }) },
    }),
    handler: async (request) => memoryEdits.forget(principalOf(request), request.body),
  });

  app.patch(
    '/v4/memories',
    route({
      access: 'write',
      summary: 'Update a memory: stores a new version that updates the old one',
      body: UpdateBody,
      response: {
        200: WrittenMemoryView.extend({
          version: z.number(),
          parentMemoryId: z.string().nullable(),
          rootMemoryId: z.string().nullable(),
        }),
      },
    }),
    async (request) => {
      const { reason: _reason, ...input } = request.body;
      const m = await memoryEdits.update(principalOf(request), { ...input, metadata: input.metadata });
      return { ...toWrittenMemory(m), version: m.version, parentMemoryId: m.parentMemoryId, rootMemoryId: m.rootMemoryId };
    },
  );

  app.post(
    '/v4/memories/forget-matching',
    route({
      access: 'write',
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
      },
    }),
    async (request) => memoryEdits.forgetMatching(principalOf(request), request.body),
  );
};
