import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES, type WebhookDeliveryRecord, type WebhookEndpointRecord, type WebhookEventRecord } from '../../model/webhooks.js';
import { principalOf } from '../plugins/auth.js';
import { ContainerTag } from '../schemas/common.js';
import { routeOptions } from '../route-options.js';

const route = routeOptions({ tags: ['webhooks'], config: { access: 'admin' } });

const EventType = z.enum(WEBHOOK_EVENT_TYPES);
const Url = z
  .string()
  .max(2048)
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'an http or https URL');
const EndpointId = z.string().regex(/^wh_[A-Za-z0-9]{22}$/, 'a webhook endpoint id');
const DeliveryId = z.string().regex(/^[A-Za-z0-9]{22}$/, 'a webhook delivery id');
/** The path parameters of a route under `/v3/webhooks/{id}`. */
const EndpointParams = z.object({ id: EndpointId });

const EndpointBody = z.strictObject({
  url: Url,
  description: z.string().max(500).nullable().optional(),
  eventTypes: z.array(EventType).min(1).max(WEBHOOK_EVENT_TYPES.length),
  containerTags: z.array(ContainerTag).max(100).nullable().optional().describe('Only events of these container tags; none or null: every tag'),
  enabled: z.boolean().optional().describe('Default true'),
});
const EndpointPatch = z
  .strictObject({
    url: Url.optional(),
    description: z.string().max(500).nullable().optional(),
    eventTypes: z.array(EventType).min(1).max(WEBHOOK_EVENT_TYPES.length).optional(),
    containerTags: z.array(ContainerTag).max(100).nullable().optional(),
    enabled: z.boolean().optional().describe('Enabling an endpoint clears the reason it was disabled'),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'give at least one field to change' });
const RotateBody = z
  .strictObject({
    graceSeconds: z
      .number()
      .int()
      .min(0)
      .max(7 * 24 * 3600)
      .optional()
      .describe('How long the replaced secret still signs; default the server setting'),
  })
  .optional();

const Endpoint = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string().nullable(),
    eventTypes: z.array(z.string()),
    containerTags: z.array(z.string()).nullable(),
    enabled: z.boolean(),
    disabledReason: z.string().nullable(),
    previousSecretExpiresAt: z.string().nullable().describe('Until then the secret a rotation replaced still signs'),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'WebhookEndpoint' });
const EndpointWithSecret = Endpoint.extend({
  secret: z.string().describe('The signing secret (whsec_…), shown only in this answer'),
}).meta({ id: 'WebhookEndpointWithSecret' });
const Delivery = z
  .object({
    id: z.string(),
    eventId: z.string(),
    eventType: z.string(),
    containerTag: z.string().nullable(),
    status: z.enum(['pending', 'delivered', 'failed']),
    attempts: z.number().int(),
    nextAttemptAt: z.string().nullable(),
    lastAttemptAt: z.string().nullable(),
    lastStatus: z.number().int().nullable(),
    lastResponse: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'WebhookDelivery' });

const endpointView = (e: WebhookEndpointRecord) => ({
  id: e.id,
  url: e.url,
  description: e.description,
  eventTypes: e.eventTypes,
  containerTags: e.containerTags,
  enabled: e.enabled,
  disabledReason: e.disabledReason,
  previousSecretExpiresAt: e.previousSecret ? (e.previousSecretExpiresAt?.toISOString() ?? null) : null,
  createdAt: e.createdAt.toISOString(),
  updatedAt: e.updatedAt.toISOString(),
});

const deliveryView = (d: WebhookDeliveryRecord, event: Pick<WebhookEventRecord, 'type' | 'containerTag'>) => ({
  id: d.id,
  eventId: d.eventId,
  eventType: event.type,
  containerTag: event.containerTag,
  status: d.status,
  attempts: d.attempts,
  nextAttemptAt: d.status === 'pending' ? d.nextAttemptAt.toISOString() : null,
  lastAttemptAt: d.lastAttemptAt?.toISOString() ?? null,
  lastStatus: d.lastStatus,
  lastResponse: d.lastResponse,
  createdAt: d.createdAt.toISOString(),
});

/** /v3/webhooks (admin keys): the endpoints the organization's events are sent to, their secrets and their deliveries. */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { webhookEndpoints } = app.services;

  app.post(
    '/v3/webhooks',
    route({
      summary: 'Register a webhook endpoint (its signing secret is shown only in this answer)',
      body: EndpointBody,
      response: { 201: EndpointWithSecret },
    }),
    async (request, reply) => {
      const { endpoint, secret } = await webhookEndpoints.create(principalOf(request), request.body);
      return reply.code(201).send({ ...endpointView(endpoint), secret });
    },
  );

  app.get(
    '/v3/webhooks',
    route({ summary: "The organization's webhook endpoints", response: { 200: z.object({ webhooks: z.array(Endpoint) }) } }),
    async (request) => ({ webhooks: (await webhookEndpoints.list(principalOf(request))).map(endpointView) }),
  );

  app.get('/v3/webhooks/:id', route({ summary: 'A webhook endpoint', params: EndpointParams, response: { 200: Endpoint } }), async (request) =>
    endpointView(await webhookEndpoints.get(principalOf(request), request.params.id)),
  );

  app.patch(
    '/v3/webhooks/:id',
    route({ summary: 'Change a webhook endpoint', params: EndpointParams, body: EndpointPatch, response: { 200: Endpoint } }),
    async (request) => endpointView(await webhookEndpoints.update(principalOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/v3/webhooks/:id',
    route({
      summary: 'Delete a webhook endpoint and its deliveries',
      params: EndpointParams,
      response: { 200: z.object({ id: z.string(), deleted: z.literal(true) }) },
    }),
    async (request) => {
      await webhookEndpoints.delete(principalOf(request), request.params.id);
      return { id: request.params.id, deleted: true as const };
    },
  );

  app.post(
    '/v3/webhooks/:id/rotate-secret',
    route({
      summary: 'A new signing secret, shown only in this answer; the replaced one still signs during the grace period',
      params: EndpointParams,
      body: RotateBody,
      response: { 200: EndpointWithSecret },
    }),
    async (request) => {
      const graceMs = request.body?.graceSeconds === undefined ? undefined : request.body.graceSeconds * 1000;
      const { endpoint, secret } = await webhookEndpoints.rotateSecret(principalOf(request), request.params.id, graceMs);
      return { ...endpointView(endpoint), secret };
    },
  );

  app.get(
    '/v3/webhooks/:id/deliveries',
    route({
      summary: "A webhook endpoint's deliveries, newest first, with their attempts and the receiver's last answer",
      params: EndpointParams,
      querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
      response: { 200: z.object({ deliveries: z.array(Delivery) }) },
    }),
    async (request) => {
      const rows = await webhookEndpoints.deliveries(principalOf(request), request.params.id, request.query.limit);
      return { deliveries: rows.map(({ delivery, event }) => deliveryView(delivery, event)) };
    },
  );

  app.post(
    '/v3/webhooks/:id/deliveries/:deliveryId/resend',
    route({
      summary: "Send a delivery's event again (the same webhook-id), after the endpoint's other deliveries",
      params: EndpointParams.extend({ deliveryId: DeliveryId }),
      response: { 202: Delivery },
    }),
    async (request, reply) => {
      const { delivery, event } = await webhookEndpoints.resend(principalOf(request), request.params.id, request.params.deliveryId);
      return reply.code(202).send(deliveryView(delivery, event));
    },
  );
};
