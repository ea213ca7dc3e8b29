import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../plugins/auth.js';
import { ContainerTag, ContainerTags, DocumentDate, EntityContext, Metadata } from '../schemas/common.js';
import { routeOptions } from '../route-options.js';

const route = routeOptions({ tags: ['conversations'] });

const ContentPart = z.union([
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({
    type: z.literal('image_url'),
    imageUrl: z.object({ url: z.string() }).optional(),
    image_url: z.object({ url: z.string() }).optional(),
  }),
]);

const Message = z.object({
  role: z.enum(['user', 'assistant', 'system', 'tool']),
  content: z.union([z.string(), z.array(ContentPart).min(1)]),
  name: z.string().max(200).optional(),
  tool_calls: z.array(z.unknown()).optional(),
  tool_call_id: z.string().max(200).optional(),
});

const ConversationBody = z
  .object({
    conversationId: z.string().min(1).max(255).optional(),
    customId: z.string().min(1).max(255).optional(),
    messages: z.array(Message).min(1).max(10_000),
    containerTag: ContainerTag.optional(),
    containerTags: ContainerTags.optional(),
    metadata: Metadata.optional(),
    entityContext: EntityContext.optional(),
    documentDate: DocumentDate.optional(),
  })
  .refine((body) => body.conversationId || body.customId, { message: 'conversationId (or customId) is required', path: ['conversationId'] })
  .meta({ id: 'ConversationIngest' });

/** /v4/conversations: one document per conversation, extended as it grows. */
export const conversationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { conversations } = app.services;

  app.post(
    '/v4/conversations',
    route({
      access: 'write',
      summary: 'Ingest or extend a conversation (one document per conversationId)',
      body: ConversationBody,
      response: { 200: z.object({ id: z.string(), conversationId: z.string(), status: z.string() }) },
    }),
    async (request) => conversations.ingest(principalOf(request), request.body),
  );
};
