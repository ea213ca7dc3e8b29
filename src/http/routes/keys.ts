import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SCOPED_KEY_ENDPOINTS } from '../../core/access/authorization.js';
import { principalOf } from '../plugins/auth.js';
import { ContainerTag } from '../schemas/common.js';
import { KeyView, Permission, RateLimit, toKeyView } from '../views/keys.js';
import { routeOptions } from '../route-options.js';

const route = routeOptions({ tags: ['keys'], config: { access: 'admin' } });

const ScopedKeyBody = z
  .strictObject({
    containerTag: ContainerTag.optional(),
    containerTags: z.array(ContainerTag).min(1).max(100).optional(),
    name: z.string().trim().min(1).max(100).optional(),
    permission: Permission.optional().describe('Default write'),
    expiresInDays: z.number().int().min(1).max(365).optional(),
    rateLimitMax: z.number().int().min(1).max(1_000_000).optional().describe('Requests per window; default 500'),
    rateLimitTimeWindow: z.number().int().min(1000).max(86_400_000).optional().describe('Window in milliseconds; default 60000'),
  })
  .refine((body) => body.containerTag || body.containerTags, { path: ['containerTag'], message: 'give containerTag or containerTags' });

/** The path parameters of a route under `/v3/auth/…/{id}`: a key's id. */
const KeyParams = z.object({ id: z.string().min(1).max(64) });

const NewKeyBody = z.strictObject({
  name: z.string().trim().min(1).max(100),
  role: z.enum(['admin', 'member']),
  permission: Permission.optional().describe('Default write'),
});

/** /v3/auth (admin keys): scoped keys, the organization's keys and turning one off or on. */
export const keyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { keyManagement } = app.services;

  app.post(
    '/v3/auth/scoped-key',
    route({
      summary: 'Create a key confined to container tags (the key is shown only in this answer)',
      body: ScopedKeyBody,
      response: {
        200: z.object({
          key: z.string(),
          id: z.string(),
          name: z.string(),
          containerTag: z.string(),
          containerTags: z.array(z.string()),
          permission: Permission,
          expiresAt: z.string().nullable(),
          rateLimit: RateLimit,
          allowedEndpoints: z.array(z.string()),
        }),
      },
    }),
    async (request) => {
      const body = request.body;
      const containerTags = [...(body.containerTag ? [body.containerTag] : []), ...(body.containerTags ?? [])];
      const { key, row } = await keyManagement.createScoped(principalOf(request), { ...body, containerTags });
      const view = toKeyView(row);
      return {
        key,
        id: row.id,
        name: row.name,
        containerTag: row.containerTags![0],
        containerTags: row.containerTags!,
        permission: view.permission,
        expiresAt: view.expiresAt,
        rateLimit: view.rateLimit!,
        allowedEndpoints: [...SCOPED_KEY_ENDPOINTS],
      };
    },
  );

  app.delete(
    '/v3/auth/scoped-key/:id',
    route({
      summary: 'Revoke a scoped key at once',
      params: KeyParams,
      response: { 200: z.object({ success: z.boolean(), id: z.string() }) },
    }),
    async (request) => {
      const principal = principalOf(request);
      await keyManagement.revokeScoped(principal, request.params.id);
      request.log.info(
        { audit: 'key revoked', keyId: principal.keyId, revokedKeyId: request.params.id },
        `API key ${request.params.id} revoked by key ${principal.keyId}`,
      );
      return { success: true, id: request.params.id };
    },
  );

  app.post(
    '/v3/auth/keys',
    route({
      summary: 'Create a key of the organization with any role, reaching every tag (the key is shown only in this answer)',
      body: NewKeyBody,
      response: { 200: KeyView.extend({ key: z.string().describe('The new key; it is never shown again') }).meta({ id: 'NewApiKey' }) },
    }),
    async (request) => {
      const principal = principalOf(request);
      const { key, row } = await keyManagement.create(principal, request.body);
      // The audit line: who created which kind of key, never the key.
      request.log.info(
        { audit: 'key created', keyId: principal.keyId, createdKeyId: row.id, role: row.role, permission: row.permission },
        `API key ${row.id} (${row.role}, ${row.permission}) created by key ${principal.keyId}`,
      );
      return { key, ...toKeyView(row) };
    },
  );

  app.get(
    '/v3/auth/keys',
    route({ summary: "The organization's API keys (never their secrets)", response: { 200: z.object({ keys: z.array(KeyView) }) } }),
    async (request) => ({ keys: (await keyManagement.list(principalOf(request))).map(toKeyView) }),
  );

  // The reference names the path but not its method; clients send either.
  app.route({
    method: ['POST', 'PATCH'],
    url: '/v3/auth/keys/:id/toggle',
    ...route({
      summary: 'Disable an enabled key or enable a disabled one, at once (a key cannot disable itself: 409)',
      params: KeyParams,
      response: { 200: KeyView },
    }),
    handler: async (request) => {
      const principal = principalOf(request);
      const row = await keyManagement.toggle(principal, request.params.id);
      const what = row.disabled ? 'disabled' : 'enabled';
      request.log.info({ audit: `key ${what}`, keyId: principal.keyId, toggledKeyId: row.id }, `API key ${row.id} ${what} by key ${principal.keyId}`);
      return toKeyView(row);
    },
  });
};
