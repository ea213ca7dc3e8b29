import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Principal } from '../../model/access.js';
import { principalOf } from '../plugins/auth.js';
import { v5ErrorResponses } from '../schemas/v5.js';
import { routeOptions } from '../route-options.js';

const route = routeOptions({ tags: ['v5'], errors: v5ErrorResponses, config: { validationErrors: 'v5' } });

const OrganizationAnswer = z
  .object({
    organizationalContext: z.string().nullable().describe('The workspacePrompt of /v3/settings: instructions that guide extraction in every namespace'),
    namespaceCount: z.number().int().min(0).describe('Namespaces (container tags) the key reaches'),
  })
  .strict();

/**
 * /organization: the v5 face of the organization's settings. Its organizationalContext is the
 * settings' workspacePrompt (the same bound, 1500 characters); namespaceCount counts the container
 * tags as GET /namespaces lists them.
 */
export const v5OrganizationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { settings, containerTags } = app.services;

  const answer = async (principal: Principal): Promise<z.infer<typeof OrganizationAnswer>> => {
    const [view, namespaces] = await Promise.all([settings.get(principal), containerTags.list(principal)]);
    return { organizationalContext: view.workspacePrompt, namespaceCount: namespaces.length };
  };

  app.get(
    '/organization',
    route({ summary: 'The organization’s shared context and its number of namespaces', response: { 200: OrganizationAnswer } }),
    async (request) => answer(principalOf(request)),
  );

  app.patch(
    '/organization',
    route({
      access: 'admin',
      summary: 'Set or clear (null) the organization’s shared context',
      description: 'Admin keys only, as PATCH /v3/settings: it is the workspacePrompt of the settings.',
      body: z.object({ organizationalContext: z.string().trim().min(1).max(1500).nullable() }).strict(),
      response: { 200: OrganizationAnswer },
    }),
    async (request) => {
      const principal = principalOf(request);
      await settings.update(principal, { workspacePrompt: request.body.organizationalContext });
      return answer(principal);
    },
  );
};
