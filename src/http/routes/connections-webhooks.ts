import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../schemas/common.js';
import { ConnectionId, Provider } from '../schemas/connections.js';
import { principalOf } from '../plugins/auth.js';

const MAX_DELIVERY_BYTES = 5 * 1024 * 1024;

const Accepted = z.object({ accepted: z.literal(true), duplicate: z.boolean() }).meta({ id: 'WebhookAccepted' });
const VerificationToken = z
  .object({ verificationToken: z.string(), receivedAt: z.string() })
  .meta({ id: 'WebhookVerificationToken', description: "The token a provider sent to the kind's push URL, to paste back into its settings" });
const Handshake = z.string().meta({ description: "A provider's handshake answer", content: { 'text/plain': { schema: { type: 'string' } } } });

/**
 * POST /v3/connections/webhooks/{provider}/{connectionId}: a provider's notification for one
 * connection, verified by the connection's webhook secret. POST /v3/connections/webhooks/{provider}:
 * the one URL of a kind pushed kind-wide (mail, notes-workspace), verified by the kind's secret.
 * Public, over the exact bytes received, so the body is kept raw (this plugin's own parsers) and
 * parsed only after verification. GET …/{provider}/verification-token (admin): what the provider
 * sent to set its webhook up.
 */
export const connectionWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { webhooks, kindWebhooks } = app.services;
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

  app.post(
    '/v3/connections/webhooks/:provider',
    {
      config: { public: true },
      bodyLimit: MAX_DELIVERY_BYTES,
      schema: {
        tags: ['connections'],
        summary: "A provider's push for every connection of a kind (Gmail's Pub/Sub push with ?token=, Notion's signed events and its verification request)",
        security: [],
        params: z.object({ provider: Provider }),
        response: { 202: Accepted, ...errorResponses },
      },
    },
    async (request, reply) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const answer = await kindWebhooks.receive(request.params.provider, {
        headers: request.headers,
        query: request.query as Record<string, string | undefined>,
        rawBody,
      });
      return reply.code(202).send({ accepted: true as const, duplicate: answer.kind === 'accepted' && answer.duplicate });
    },
  );

  app.get(
    '/v3/connections/webhooks/:provider/verification-token',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['connections'],
        summary: "The verification token a provider last sent to the kind's push URL (Notion), to paste into the provider's settings",
        params: z.object({ provider: Provider }),
        response: { 200: VerificationToken, ...errorResponses },
      },
    },
    async (request) => {
      const found = await kindWebhooks.verificationToken(request.params.provider, principalOf(request));
      return { verificationToken: found.verificationToken, receivedAt: found.receivedAt.toISOString() };
    },
  );
};
