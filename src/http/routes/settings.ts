import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONNECTOR_KEY_ALIASES, CONNECTOR_KEY_KINDS, type SettingsPatchInput } from '../../core/settings/settings-service.js';
import { principalOf } from '../plugins/auth.js';
import { ProfileBucket, ProfileBuckets } from '../schemas/profile-buckets.js';
import { routeOptions } from '../route-options.js';

const route = routeOptions({ tags: ['settings'] });

const connectorNames = CONNECTOR_KEY_KINDS.flatMap((kind) => [kind, CONNECTOR_KEY_ALIASES[kind]]);

/** One field per connector kind and spelling (spec name and SDK alias), e.g. cloudDriveClientId and googleDriveClientId. */
function connectorFields<E extends z.ZodType, I extends z.ZodType, S extends z.ZodType>(enabled: E, clientId: I, secret: S) {
  return Object.fromEntries(
    connectorNames.flatMap((name) => [
      [`${name}CustomKeyEnabled`, enabled],
      [`${name}ClientId`, clientId],
      [`${name}ClientSecret`, secret.describe('Write-only: answered masked')],
    ]),
  ) as Record<string, E | I | S>;
}

const ItemName = z.string().trim().min(1).max(20);
const ItemRules = z
  .strictObject({
    fileTypes: z.array(ItemName).max(100).optional().describe('Extensions, mime types or document types'),
    folderNames: z.array(ItemName).max(100).optional(),
    titlePatterns: z.array(ItemName).max(100).optional().describe('`*` matches any run of characters'),
    patterns: z.array(ItemName).max(100).optional().describe('Each matched against the file type, any folder and the title; what a plain list sets'),
  })
  .meta({ id: 'SyncItemRules' });

/** The rules, or a plain list of entries (as the official SDK's types allow), stored as `{ patterns }`. */
const ItemRulesInput = z.union([
  ItemRules,
  z
    .array(ItemName)
    .max(100)
    .transform((patterns) => ({ patterns }))
    .describe('A plain list: each entry matched against the file type, any folder and the title'),
]);

const generalFields = {
  excludeItems: ItemRulesInput.nullable().optional(),
  includeItems: ItemRulesInput.nullable().optional(),
  filterPrompt: z.string().trim().min(1).max(750).nullable().optional().describe('Needs shouldLLMFilter: true'),
  shouldLLMFilter: z.boolean().nullable().optional(),
  categories: z.array(z.string().trim().min(1).max(50)).max(50).nullable().optional(),
  chunkSize: z.number().int().nullable().optional().describe('-1 = default; otherwise the chunker bounds apply'),
  profileBuckets: ProfileBuckets.nullable().optional().describe('Replaces the organization list'),
  workspacePrompt: z.string().max(1500).nullable().optional(),
};

/**
 * Both variants of the spec's body fit this one shape: any subset of the settings fields, or
 * `{ workspacePrompt }` alone. Unknown fields are refused so a misspelt one is not silently lost.
 */
const SettingsPatchBody = z
  .strictObject({
    ...generalFields,
    ...connectorFields(
      z.boolean().nullable().optional(),
      z.string().trim().min(1).max(256).nullable().optional(),
      z.string().min(1).max(2048).nullable().optional(),
    ),
  })
  .meta({ id: 'SettingsUpdate' });

const SettingsView = z
  .object({
    excludeItems: ItemRules.nullable(),
    includeItems: ItemRules.nullable(),
    filterPrompt: z.string().nullable(),
    shouldLLMFilter: z.boolean().nullable(),
    categories: z.array(z.string()).nullable(),
    chunkSize: z.number().nullable(),
    profileBuckets: z.array(ProfileBucket),
    workspacePrompt: z.string().nullable(),
    ...connectorFields(z.boolean().nullable(), z.string().nullable(), z.string().nullable()),
  })
  .meta({ id: 'Settings' });

/** /v3/settings: the organization's settings. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { settings } = app.services;

  app.get('/v3/settings', route({ summary: 'Organization settings (secrets masked)', response: { 200: SettingsView } }), async (request) =>
    settings.get(principalOf(request)),
  );

  app.patch(
    '/v3/settings',
    route({
      access: 'admin',
      summary: 'Update organization settings; null resets a field',
      body: SettingsPatchBody,
      response: { 200: z.object({ orgId: z.string(), orgSlug: z.string(), updated: z.record(z.string(), z.unknown()) }) },
    }),
    async (request) => settings.update(principalOf(request), request.body as SettingsPatchInput),
  );
};
