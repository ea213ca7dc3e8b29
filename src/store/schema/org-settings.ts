import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import type { SealedSecrets, StoredOrgSettings } from '../../model/settings.js';
import { orgs } from './orgs.js';

export const orgSettings = pgTable('org_settings', {
  orgId: text('org_id')
    .primaryKey()
    .references(() => orgs.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<StoredOrgSettings>().notNull().default({}),
  /** Connector client secrets, each sealed with AES-256-GCM; never stored or returned in clear. */
  sealedSecrets: jsonb('sealed_secrets').$type<SealedSecrets>().notNull().default({}),
  ...timestamps,
});
