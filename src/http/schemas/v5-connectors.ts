import { z } from 'zod';
import type { ConnectorKind } from '../../model/connections.js';
import { HttpUrl, IntLike } from './common.js';
import { Namespace } from './v5.js';

/**
 * The requests of the v5 connector operations (`/connectors`, `/ns/{namespace}/connectors/…`).
 * A connector is a v3 connection; docs/v5.md says how the names map.
 */

/** The contract's provider names. */
export const V5_PROVIDERS = ['notion', 'google-drive', 'onedrive', 'gmail', 'github', 'web-crawler', 's3', 'granola'] as const;

const KINDS = ['cloud-drive', 'mail', 'notes-workspace', 'office-drive', 'code-host', 'meetings'] as const satisfies readonly ConnectorKind[];

export const ConnectorProvider = z
  .enum([...V5_PROVIDERS, ...KINDS])
  .describe('A provider name of the contract, or the engram kind id it stands for (github or code-host, gmail or mail, …)');

export const ConnectorParams = z.object({ namespace: Namespace, id: z.string().min(1).max(64) });

const Scalar = z.union([z.string().max(10_000), z.number(), z.boolean()]);

export const CreateConnectorBody = z
  .object({
    provider: ConnectorProvider,
    config: z
      .record(z.string().max(64), Scalar)
      .optional()
      .describe("The provider's setup (startUrl and crawlDepth, the S3 bucket and keys, the Granola apiKey…); credentials are stored sealed"),
    metadata: z
      .record(z.string().max(64), z.union([Scalar, z.array(z.string().max(2048)).max(100)]))
      .optional()
      .describe('Engram’s name for config (the v3 metadata), with its own field names (maxDepth, maxPages…); config wins on a clash'),
    redirectUrl: HttpUrl.optional().describe('Where the end user returns after authorizing'),
    documentLimit: z.number().int().min(1).max(10_000).optional(),
  })
  .strict();

const Ids = z.array(z.string().min(1).max(1000)).max(500);

export const PatchConnectorBody = z
  .object({
    selection: z
      .object({ repos: Ids.optional(), labels: Ids.optional(), files: Ids.optional(), folders: Ids.optional() })
      .strict()
      .optional()
      .describe('Not supported yet: POST /v3/connections/{id}/configure chooses what a code-host connection syncs'),
    documentLimit: z.number().int().min(1).max(10_000).optional(),
  })
  .strict();

const PROVIDER_QUERY = { provider: ConnectorProvider.optional(), page: IntLike(1, 1_000_000).optional(), limit: IntLike(1, 100).optional() };

export const ConnectorListQuery = z.object(PROVIDER_QUERY);

const Include = z
  .string()
  .max(100)
  .regex(/^(syncs|picker)(,(syncs|picker))*$/, 'include takes syncs and picker, comma-separated');

export const ConnectorGetQuery = z.object({
  include: z.union([Include, z.array(Include).max(2)]).optional(),
  returnUrl: HttpUrl.optional().describe('Accepted; engram offers no hosted picker'),
});

export const ConnectorDeleteQuery = z.object({
  deleteDocuments: z.enum(['true', 'false', '1', '0']).optional().describe('Default true: the imported documents go, with the memories drawn only from them'),
});
