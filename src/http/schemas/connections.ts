import { z } from 'zod';
import { ContainerTag, ContainerTags, HttpUrl } from './common.js';

export const Provider = z.string().min(1).max(64).describe('A connector kind id (code-host, web-crawler, …) or the SDK name (github, …)');
export const ConnectionId = z.string().min(1).max(64);

/** The path parameters of a route under `/{provider}`. */
export const ProviderParams = z.object({ provider: Provider });
/** The path parameters of a route under `/{connectionId}`. */
export const ConnectionParams = z.object({ connectionId: ConnectionId });

export const CreateConnectionBody = z
  .strictObject({
    containerTag: ContainerTag.optional(),
    containerTags: ContainerTags.optional().describe('Deprecated: one tag'),
    documentLimit: z.number().int().min(1).max(10_000).optional(),
    metadata: z
      .record(z.string().max(64), z.union([z.string().max(10_000), z.number(), z.boolean(), z.array(z.string().max(2048)).max(100)]))
      .nullable()
      .optional()
      .describe('Kind-specific settings, e.g. startUrl for the web crawler'),
    redirectUrl: HttpUrl.optional().describe('Where the end user returns after authorizing'),
  })
  .meta({ id: 'ConnectionCreate' });

export const CreatedConnection = z
  .object({
    id: z.string(),
    authLink: z
      .string()
      .describe('OAuth kinds: where the end user authorizes, valid 1 hour; an empty string for kinds with nothing to authorize (web-crawler, meetings)'),
    expiresIn: z.string().describe('How long authLink stays valid ("1 hour"); an empty string when there is no link'),
    redirectsTo: z.string().optional(),
  })
  .meta({ id: 'ConnectionCreated' });

export const TagsBody = z.strictObject({ containerTags: ContainerTags.optional(), provider: Provider.optional() });
export const RequiredTagsBody = z.strictObject({ containerTags: ContainerTags.min(1) });
export const OptionalTagsBody = z.strictObject({ containerTags: ContainerTags.optional() }).nullable().optional();

export const DeletedConnection = z.object({ id: z.string(), provider: z.string() }).meta({ id: 'ConnectionDeleted' });

/** A plain-text answer (the SDK's import expects text). */
export const PlainText = z.string().meta({ description: 'Plain text', content: { 'text/plain': { schema: { type: 'string' } } } });
