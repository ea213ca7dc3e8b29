import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../plugins/auth.js';
import { Namespace, NamespaceParams, v5ErrorResponses } from '../schemas/v5.js';
import { MemoryWithIncludedV5, toMemoryWithIncludedV5 } from '../views/v5.js';
import { routeOptions } from '../route-options.js';

const route = routeOptions({ tags: ['v5'], errors: v5ErrorResponses, config: { validationErrors: 'v5' } });

const ForgetAnswer = z
  .object({
    count: z.number().int().min(0).describe('Memories matched: forgotten, or that would be with dryRun'),
    errors: z.array(z.object({ id: z.string(), error: z.string() }).strict()).describe('Per-memory failures of a forget by ids'),
    matches: z.array(z.object({ id: z.string(), memory: z.string() }).strict()),
  })
  .strict();

const match = (candidate: { id: string; memory: string }) => ({ id: candidate.id, memory: candidate.memory });

/** `include` as the contract spells it: a comma-separated list (`related,documents`). */
const MemoryInclude = z
  .string()
  .max(100)
  .transform((value) => value.split(',').filter(Boolean))
  .pipe(z.array(z.enum(['related', 'documents'])));

/**
 * /ns/{namespace}/memories/{id} (one memory, with its related graph and source document when
 * asked for), /ns/{namespace}/memories (forget by ids) and /ns/{namespace}/memories/semantic (forget by
 * meaning): the v5 face of forget-matching. Forgotten memories keep their history and leave search
 * and profiles.
 */
export const v5MemoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { memoryEdits, search } = app.services;

  app.get(
    '/ns/:namespace/memories/:id',
    route({
      access: 'read',
      summary: 'One memory of a namespace, with its versions and related memories and its source document when asked for',
      description:
        'include=related adds the versions it updates (parents) and that update it (children) and the memories it extends or derives ' +
        'from (siblings), each nearest first, at most relatedLimit of each, as search’s include.related; include=documents its ' +
        'source document (and each related memory’s, with both). A forgotten memory is answered too, isForgotten: true.',
      params: z.object({ namespace: Namespace, id: z.string().min(1).max(255) }),
      querystring: z.object({
        include: MemoryInclude.optional(),
        relatedLimit: z.coerce.number().int().min(1).max(100).optional(),
      }),
      response: { 200: MemoryWithIncludedV5 },
    }),
    async (request) => {
      const asked = new Set(request.query.include ?? []);
      const include = { related: asked.has('related'), documents: asked.has('documents') };
      const { memory, context, documentsOf } = await search.memory(principalOf(request), request.params.namespace, request.params.id, {
        ...include,
        relatedLimit: request.query.relatedLimit ?? 10,
      });
      return toMemoryWithIncludedV5(memory, context, documentsOf, include);
    },
  );

  app.delete(
    '/ns/:namespace/memories',
    route({
      access: 'write',
      summary: 'Forget memories of a namespace by id',
      description: 'Each id on its own: one that is not a live latest memory of the namespace is reported in `errors`, the others are forgotten.',
      params: NamespaceParams,
      body: z.object({ ids: z.array(z.string().min(1).max(255)).min(1).max(500) }).strict(),
      response: { 200: ForgetAnswer },
    }),
    async (request) => {
      const ids = [...new Set(request.body.ids)];
      const result = await memoryEdits.forgetMatching(principalOf(request), { containerTag: request.params.namespace, ids, dryRun: false });
      const forgotten = result.forgotten ?? [];
      const found = new Set(forgotten.map((m) => m.id));
      const errors = ids.filter((id) => !found.has(id)).map((id) => ({ id, error: 'Memory not found, not its latest version, or already forgotten' }));
      return { count: forgotten.length, errors, matches: forgotten.map(match) };
    },
  );

  app.delete(
    '/ns/:namespace/memories/semantic',
    route({
      access: 'write',
      summary: 'Forget the memories of a namespace that state what a query describes, or preview them',
      description:
        'The memories a search of the namespace finds at least as close as forget-matching asks and that state the query’s topic. ' +
        'dryRun is required: true previews, false forgets.',
      params: NamespaceParams,
      body: z.object({ query: z.string().trim().min(1).max(2000), dryRun: z.boolean() }).strict(),
      response: { 200: ForgetAnswer },
    }),
    async (request) => {
      const { query, dryRun } = request.body;
      const result = await memoryEdits.forgetMatching(principalOf(request), { containerTag: request.params.namespace, query, dryRun });
      const matches = (result.candidates ?? result.forgotten ?? []).map(match);
      return { count: matches.length, errors: [], matches };
    },
  );
};
