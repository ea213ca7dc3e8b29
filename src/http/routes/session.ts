import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../plugins/auth.js';
import { Permission, RateLimit, toKeyView } from '../views/keys.js';
import { routeOptions } from '../route-options.js';

const route = routeOptions({ tags: ['keys'] });

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

/** /v3/session: who the calling key is and what it may do. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { keyManagement } = app.services;

  app.get('/v3/session', route({ summary: 'Who the calling key is and what it may do', response: { 200: SessionView } }), async (request) => {
    const principal = principalOf(request);
    const row = await keyManagement.current(principal);
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
  });
};
