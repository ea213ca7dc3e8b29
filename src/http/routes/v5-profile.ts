import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict } from '../../model/errors.js';
import type { Principal } from '../../model/access.js';
import { profileText } from '../../mcp/texts.js';
import { principalOf } from '../plugins/auth.js';
import { ProfileBucket } from '../schemas/profile-buckets.js';
import { NamespaceParams, ProfileBodyV5, toFiltersInput, v5ErrorResponses } from '../schemas/v5.js';
import { ProfileAnswer, toProfileV5 } from '../views/v5.js';
import { routeOptions } from '../route-options.js';

const route = routeOptions({ tags: ['v5'], errors: v5ErrorResponses, config: { validationErrors: 'v5' } });

/** Markdown when the caller asks for it (`Accept: text/markdown`) ahead of JSON. */
function wantsMarkdown(accept: string | undefined): boolean {
  const types = (accept ?? '').split(',').map((part) => part.split(';')[0]!.trim().toLowerCase());
  const markdown = types.indexOf('text/markdown');
  const json = types.indexOf('application/json');
  return markdown >= 0 && (json < 0 || markdown < json);
}

const BucketName = ProfileBucket.shape.key;
const BucketDescription = z.string().max(2000);
const MAX_OWN_BUCKETS = 50;
const BucketsAnswer = z.object({ buckets: z.record(z.string(), z.string()) }).strict();

/**
 * /ns/{namespace}/profile: the v5 face of the profile service, each line with its memory's id, and
 * /ns/{namespace}/profile/buckets: the buckets that apply to the namespace, and the namespace's own
 * ones added, changed or removed (the container tag's profileBuckets, as PATCH
 * /v3/container-tags/{containerTag} sets them). The organization's buckets cannot be changed here.
 */
export const v5ProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { profiles, containerTags, settings } = app.services;

  const effective = async (principal: Principal, namespace: string) => {
    const buckets = await profiles.listBuckets(principal, namespace);
    return { buckets: Object.fromEntries(buckets.map((bucket) => [bucket.key, bucket.description])) };
  };

  /** 404 when the namespace does not exist, 409 for a change to one of the organization's buckets. */
  const assertOwnBuckets = async (principal: Principal, namespace: string, names: string[]) => {
    const [, organization] = await Promise.all([containerTags.get(principal, namespace), settings.get(principal)]);
    const organizations = new Set(organization.profileBuckets.map((bucket) => bucket.key));
    const protectedNames = names.filter((name) => organizations.has(name));
    if (protectedNames.length)
      throw conflict('organization-bucket', 'An organization-level bucket cannot be changed here', `buckets: ${protectedNames.join(', ')}`);
  };

  app.post(
    '/ns/:namespace/profile',
    route({
      access: 'read',
      summary: 'Profile of a namespace: lasting facts, recent context and buckets',
      description:
        'Recent context lines start with the day they are about, `[YYYY-MM-DD]`, when it is known. With `Accept: text/markdown` ' +
        'the profile is answered as a markdown document (text/markdown) instead: lasting facts, recent context, then each bucket.',
      params: NamespaceParams,
      body: ProfileBodyV5.nullish(),
      response: { 200: ProfileAnswer },
      markdown200: 'Send `Accept: text/markdown` to receive it as a markdown document instead of JSON.',
    }),
    async (request, reply) => {
      const body = request.body ?? {};
      const namespace = request.params.namespace;
      const { profile, lines } = await profiles.get(principalOf(request), {
        containerTag: namespace,
        filters: toFiltersInput(body.filter),
        ...(body.buckets ? { buckets: body.buckets } : {}),
      });
      if (wantsMarkdown(request.headers.accept)) {
        // A string with its own content type is sent as it is: the JSON schema of the 200 does not apply to it.
        return reply.type('text/markdown; charset=utf-8').send(profileText(namespace, profile, 'namespace') as unknown as z.infer<typeof ProfileAnswer>);
      }
      return toProfileV5(lines);
    },
  );

  app.get(
    '/ns/:namespace/profile/buckets',
    route({
      summary: 'Profile buckets that apply to a namespace, by name',
      description: 'The organization’s buckets merged with the namespace’s own, as POST /v4/profile/buckets lists them.',
      params: NamespaceParams,
      response: { 200: BucketsAnswer },
    }),
    async (request) => effective(principalOf(request), request.params.namespace),
  );

  app.put(
    '/ns/:namespace/profile/buckets',
    route({
      access: 'write',
      summary: 'Add or update buckets of the namespace’s own, by name',
      description: 'Buckets not named stay as they are; a namespace holds at most 50 of its own. An organization bucket cannot be changed here (409).',
      params: NamespaceParams,
      body: z
        .object({
          buckets: z
            .record(BucketName, BucketDescription)
            .refine((buckets) => Object.keys(buckets).length <= MAX_OWN_BUCKETS, `at most ${MAX_OWN_BUCKETS} buckets`),
        })
        .strict(),
      response: { 200: BucketsAnswer },
    }),
    async (request) => {
      const principal = principalOf(request);
      const { namespace } = request.params;
      await assertOwnBuckets(principal, namespace, Object.keys(request.body.buckets));
      await containerTags.changeProfileBuckets(principal, namespace, { set: request.body.buckets }, MAX_OWN_BUCKETS);
      return effective(principal, namespace);
    },
  );

  app.delete(
    '/ns/:namespace/profile/buckets',
    route({
      access: 'write',
      summary: 'Remove buckets of the namespace’s own, by name',
      description: 'Names the namespace does not have are ignored; an organization bucket cannot be removed here (409).',
      params: NamespaceParams,
      body: z.object({ buckets: z.array(BucketName).min(1).max(MAX_OWN_BUCKETS) }).strict(),
      response: { 200: BucketsAnswer },
    }),
    async (request) => {
      const principal = principalOf(request);
      const { namespace } = request.params;
      await assertOwnBuckets(principal, namespace, request.body.buckets);
      await containerTags.changeProfileBuckets(principal, namespace, { remove: request.body.buckets }, MAX_OWN_BUCKETS);
      return effective(principal, namespace);
    },
  );
};
