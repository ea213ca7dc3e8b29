import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { VerificationTokenState } from '../../core/connections/kind-webhooks.js';
import { ConnectionId, Provider, ProviderParams } from '../schemas/connections.js';
import { principalOf } from '../plugins/auth.js';
import { routeOptions } from '../route-options.js';

const route = routeOptions({ tags: ['connections'] });

const MAX_DELIVERY_BYTES = 5 * 1024 * 1024;

const Accepted = z.object({ accepted: z.literal(true), duplicate: z.boolean() }).meta({ id: 'WebhookAccepted' });
const VerificationToken = z
  .object({
    verificationToken: z.string(),
    receivedAt: z.string(),
    verified: z.boolean().meta({ description: 'Whether a signed event has verified with this token' }),
    verifiedAt: z.string().nullable(),
    unsolicited: z
      .object({ verificationToken: z.string(), receivedAt: z.string() })
      .nullable()
      .meta({ description: 'The latest token sent after the one kept: it verifies nothing until an admin puts it in place' }),
  })
  .meta({
    id: 'WebhookVerificationToken',
    description: "The token kept from the first the provider sent to the kind's push URL, to paste back into its settings",
  });
const ReplaceVerificationToken = z
  .object({ verificationToken: z.string().regex(/^[\x21-\x7e]{8,512}$/, '8 to 512 printable characters') })
  .meta({ id: 'WebhookVerificationTokenReplacement' });

const tokenView = (found: VerificationTokenState) => ({
  verificationToken: found.verificationToken,
  receivedAt: found.receivedAt.toISOString(),
  verified: found.verifiedAt !== null,
  verifiedAt: found.verifiedAt?.toISOString() ?? null,
  unsolicited: found.unsolicited ? { verificationToken: found.unsolicited.verificationToken, receivedAt: found.unsolicited.receivedAt.toISOString() } : null,
});
const Handshake = z.string().meta({ description: "A provider's handshake answer", content: { 'text/plain': { schema: { type: 'string' } } } });

/**
 * POST /v3/connections/webhooks/{provider}/{connectionId}: a provider's notification for one
 * connection, verified by the connection's webhook secret. POST /v3/connections/webhooks/{provider}:
 * the one URL of a kind pushed kind-wide (mail, notes-workspace), verified by the kind's secret
 * and/or (mail) the ID token of Pub/Sub's authenticated push.
 * Public, over the exact bytes received, so the body is kept raw (this plugin's own parsers) and
 * parsed only after verification. GET …/{provider}/verification-token (admin): the token kept from
 * the provider's set-up delivery (the first; later ones are only shown); PUT replaces it, DELETE
 * clears it so that the next one sent is kept.
 */
export const connectionWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { webhooks, kindWebhooks } = app.services;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_DELIVERY_BYTES }, (_request, body, done) => done(null, body));

  app.post(
    '/v3/connections/webhooks/:provider/:connectionId',
    {
      ...route(
        {
          summary: "A provider's webhook delivery for one connection (answered at once; the sync runs as a job)",
          security: [],
          params: z.object({ provider: Provider, connectionId: ConnectionId }),
          response: { 200: Handshake, 202: Accepted },
        },
        { public: true },
      ),
      bodyLimit: MAX_DELIVERY_BYTES,
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
      ...route(
        {
          summary:
            "A provider's push for every connection of a kind (Gmail's Pub/Sub push with ?token= and/or its OIDC ID token as Authorization: Bearer, Notion's signed events and its verification request)",
          security: [],
          params: ProviderParams,
          response: { 202: Accepted },
        },
        { public: true },
      ),
      bodyLimit: MAX_DELIVERY_BYTES,
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
    route({
      access: 'admin',
      summary: "The verification token kept from the first the provider sent to the kind's push URL (Notion), to paste into the provider's settings",
      params: ProviderParams,
      response: { 200: VerificationToken },
    }),
    async (request) => tokenView(await kindWebhooks.verificationToken(request.params.provider, principalOf(request))),
  );

  // The admin's changes take JSON, which the raw parsers above do not read.
  await app.register(async (plain) => {
    const admin = plain.withTypeProvider<ZodTypeProvider>();
    admin.addContentTypeParser('application/json', { parseAs: 'string' }, admin.getDefaultJsonParser('error', 'error'));
    admin.put(
      '/v3/connections/webhooks/:provider/verification-token',
      route({
        access: 'admin',
        summary: "Replaces the kind's verification token (e.g. with the unsolicited one, once checked in the provider's settings)",
        params: ProviderParams,
        body: ReplaceVerificationToken,
        response: { 200: VerificationToken },
      }),
      async (request) => tokenView(await kindWebhooks.replaceVerificationToken(request.params.provider, principalOf(request), request.body.verificationToken)),
    );

    admin.delete(
      '/v3/connections/webhooks/:provider/verification-token',
      route({
        access: 'admin',
        summary: "Clears the kind's verification token: events are refused until the provider sends one again, which is kept",
        params: ProviderParams,
        response: { 204: z.null().meta({ description: 'Cleared' }) },
      }),
      async (request, reply) => {
        await kindWebhooks.clearVerificationToken(request.params.provider, principalOf(request));
        return reply.code(204).send(null);
      },
    );
  });
};
