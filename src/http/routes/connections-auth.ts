import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ProviderParams } from '../schemas/connections.js';
import { requestOrigin } from '../file-link-origin.js';
import { routeOptions } from '../route-options.js';

const route = routeOptions({ tags: ['connections'], config: { public: true } });

const Query = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(4096).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(2048).optional(),
  error_uri: z.string().max(2048).optional(),
});

const Redirect = z.null().meta({ description: 'To the redirectUrl given at creation', content: {} });
const Connected = z.object({ success: z.literal(true), connectionId: z.string(), message: z.string() }).meta({ id: 'ConnectionAuthorized' });

/**
 * The OAuth redirect target: {base_url}/v3/connections/auth/callback/{provider}, and the SDK's
 * /v3/connections/{provider}/callback. Public: the signed single-use state is the credential.
 */
export const connectionAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { oauthCallback } = app.services;

  for (const url of ['/v3/connections/auth/callback/:provider', '/v3/connections/:provider/callback']) {
    app.get(
      url,
      route({
        summary: 'Where the provider returns the end user after authorization (register this URL with the provider)',
        security: [],
        params: ProviderParams,
        querystring: Query,
        response: { 200: Connected, 302: Redirect },
      }),
      async (request, reply) => {
        const outcome = await oauthCallback.complete(request.params.provider, request.query, requestOrigin(request));
        if (outcome.redirect) return reply.redirect(outcome.redirect, 302);
        return { success: true as const, connectionId: outcome.connectionId, message: 'Connected; the first sync has started. You can close this page.' };
      },
    );
  }
};
