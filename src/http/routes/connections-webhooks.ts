import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../schemas/common.js';
import { ConnectionId, Provider } from '../schemas/connections.js';

const MAX_DELIVERY_BYTES = 5 * 1024 * 1024;

const Accepted = z.object({ accepted: z.literal(true), duplicate: z.boolean() }).meta({ id: 'WebhookAccepted' });
const Handshake = z.string().meta({ description: "A provider's handshake answer", content: { 'text/plain': { schema: { type: 'string' } } } });

/**
 * POST /v3/connections/webhooks/{provider}/{connectionId}: a provider's notification. Public:
 * verified by the connection's webhook secret over the exact bytes received, so the body is kept
 * raw (this plugin's own parsers) and parsed only after verification.
 */
export const connectionWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { webhooks } = app.services;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_DELIVERY_BYTES }, (_request, body, done) => done(null, body));

  app.post(
    '/v3/connections/webhooks/:provider/:connectionId',
    {
      config: { public: true },
      bodyLimit: MAX_DELIVERY_BYTES,
      schema: {
        tags: ['connections'],
        summary: "A provider's webhook delivery for one connection (answered at once; the sync runs as a job)",
        security: [],
        params: z.object({ provider: Provider, connectionId: ConnectionId }),
        response: { 200: Handshake, 202: Accepted, ...errorResponses },
      },
    },
    async (request, reply) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const answer = await webhooks.receive(request.params.provider, request.params.connectionId, {
        headers: request.headers,
        query: request.query as Record<string, string | undefined>,
        rawBody,
      });
      if (answer.kind === 'handshake') return reply.code(answer.status).type(answer.contentType).send(answer.body);
      return reply.code(202).send({ accepted: true as const, duplicate: answer.duplicate });
    },
  );
};
