import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../plugins/auth.js';
import { ContainerTag, errorResponses, Metadata } from '../schemas/common.js';
import type { HttpDeps } from '../server.js';
import { toWrittenMemory, WrittenMemoryView } from '../views/memories.js';

const tags = ['memories'];

const DateText = z.string().min(1).max(64);

const NewMemory = z.object({
  content: z.string().trim().min(1).max(10_000),
  isStatic: z.boolean().optional().describe('A lasting trait (identity, role) rather than an episode'),
  metadata: Metadata.nullish(),
  forgetAfter: DateText.nullish().describe('ISO date after which the memory drops out of search'),
  forgetReason: z.string().max(1000).nullish(),
  temporalContext: z
    .object({ documentDate: DateText.nullish(), eventDate: z.array(DateText).max(50).nullish() })
    .nullish(),
});

const CreateBody = z
  .object({ containerTag: ContainerTag, memories: z.array(NewMemory).min(1).max(100) })
  .meta({ id: 'CreateMemories' });

const CreatedMemory = WrittenMemoryView.extend({ isStatic: z.boolean() });

export const memoryWriteRoutes =
  (deps: HttpDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/v4/memories',
      {
        config: { access: 'write' },
        schema: {
          tags,
          summary: 'Write memories directly (embedded at once, searchable on return)',
          body: CreateBody,
          response: { 201: z.object({ documentId: z.string().nullable(), memories: z.array(CreatedMemory) }), ...errorResponses },
        },
      },
      async (request, reply) => {
        const created = await deps.memoryWriter.create(principalOf(request), request.body);
        return reply.code(201).send({
          documentId: created.documentId,
          memories: created.memories.map((m) => ({ ...toWrittenMemory(m), isStatic: m.isStatic })),
        });
      },
    );
  };
