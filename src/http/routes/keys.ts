import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SCOPED_KEY_ENDPOINTS } from '../../core/access/key-management.js';
import { principalOf } from '../plugins/auth.js';
import { ContainerTag, errorResponses } from '../schemas/common.js';
import type { HttpDeps } from '../server.js';
import type { ApiKeyRecord } from '../../model/access.js';

const tags = ['keys'];
const iso = (d: Date | null) => (d ? d.toISOString() : null);

const Permission = z.enum(['read', 'write']);
const RateLimit = z.object({ max: z.number(), timeWindow: z.number().describe('milliseconds') });

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

const KeyView = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().describe('First characters of the key, to recognise it'),
    role: z.enum(['admin', 'member']),
    permission: Permission,
    scoped: z.boolean(),
    containerTags: z.array(z.string()).nullable(),
    expiresAt: z.string().nullable(),
    rateLimit: RateLimit.nullable(),
    disabled: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'ApiKey' });

function rateLimitOf(row: ApiKeyRecord) {
  return row.rateLimitMax && row.rateLimitWindowMs ? { max: row.rateLimitMax, timeWindow: row.rateLimitWindowMs } : null;
}

function toKeyView(row: ApiKeyRecord): z.infer<typeof KeyView> {
  return {
    id: row.id,
    name: row.name,
    prefix: row.keyPrefix,
    role: row.role === 'admin' ? 'admin' : 'member',
    permission: row.permission === 'read' ? 'read' : 'write',
    scoped: !!row.containerTags?.length,
    containerTags: row.containerTags?.length ? row.containerTags : null,
    expiresAt: iso(row.expiresAt),
    rateLimit: rateLimitOf(row),
    disabled: row.disabled,
    createdAt: row.createdAt.toISOString(),
  };
}

const SessionView = z.object({
  user: z.object({ id: z.string(), name: z.string() }).describe('Self-hosted keys stand for no user account: this is the key'),
  org: z.object({ id: z.string(), name: z.string(), slug: z.string() }),
  plan: z.string(),
  role: z.enum(['admin', 'member']),
  scope: z.object({
    type: z.enum(['full', 'scoped']),
    permission: Permission,
    tag: z.string().optional(),
    tags: z.array(z.string()).optional(),
    rateLimit: RateLimit.optional(),
    expires: z.string().optional(),
  }),
  containerTags: z.array(z.object({ containerTag: z.string(), permission: Permission })).optional(),
});

export const keyRoutes =
  (deps: HttpDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/v3/auth/scoped-key',
      {
        config: { access: 'admin' },
        schema: {
          tags,
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
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const body = request.body;
        const containerTags = [...(body.containerTag ? [body.containerTag] : []), ...(body.containerTags ?? [])];
        const { key, row } = await deps.keyManagement.createScoped(principalOf(request), { ...body, containerTags });
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
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Revoke a scoped key at once',
          params: z.object({ id: z.string().min(1).max(64) }),
          response: { 200: z.object({ success: z.boolean(), id: z.string() }), ...errorResponses },
        },
      },
      async (request) => {
        await deps.keyManagement.revokeScoped(principalOf(request), request.params.id);
        return { success: true, id: request.params.id };
      },
    );

    app.get(
      '/v3/auth/keys',
      {
        config: { access: 'admin' },
        schema: { tags, summary: "The organization's API keys (never their secrets)", response: { 200: z.object({ keys: z.array(KeyView) }), ...errorResponses } },
      },
      async (request) => ({ keys: (await deps.keyManagement.list(principalOf(request))).map(toKeyView) }),
    );

    // The reference names the path but not its method; clients send either.
    app.route({
      method: ['POST', 'PATCH'],
      url: '/v3/auth/keys/:id/toggle',
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Disable an enabled key or enable a disabled one, at once (a key cannot disable itself: 409)',
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: KeyView, ...errorResponses },
      },
      handler: async (request) => toKeyView(await deps.keyManagement.toggle(principalOf(request), request.params.id)),
    });

    app.get(
      '/v3/session',
      { schema: { tags, summary: 'Who the calling key is and what it may do', response: { 200: SessionView, ...errorResponses } } },
      async (request) => {
        const principal = principalOf(request);
        const row = await deps.keyManagement.current(principal);
        const view = toKeyView(row);
        const scopedTags = principal.containerTags;
        return {
          user: { id: row.id, name: row.name },
          org: { id: principal.orgId, name: principal.orgName, slug: principal.orgSlug },
          plan: 'self-hosted',
          role: principal.role,
          scope: {
            type: scopedTags ? ('scoped' as const) : ('full' as const),
            permission: principal.permission,
            ...(scopedTags ? { tag: scopedTags[0], tags: scopedTags } : {}),
            ...(view.rateLimit ? { rateLimit: view.rateLimit } : {}),
            ...(view.expiresAt ? { expires: view.expiresAt } : {}),
          },
          ...(scopedTags ? { containerTags: scopedTags.map((containerTag) => ({ containerTag, permission: principal.permission })) } : {}),
        };
      },
    );
  };
