import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { orgs } from './schema.js';

export interface ItemRules {
  fileTypes?: string[];
  folderNames?: string[];
  titlePatterns?: string[];
}

export interface ProfileBucket {
  key: string;
  description: string;
}

export type ConnectorKeyKind = 'cloudDrive' | 'notesWorkspace' | 'officeDrive' | 'codeHost';

export interface ConnectorKeySettings {
  customKeyEnabled?: boolean | null;
  clientId?: string | null;
}

/** Organization settings apart from client secrets; absent fields mean the default. */
export interface StoredOrgSettings {
  excludeItems?: ItemRules | null;
  includeItems?: ItemRules | null;
  filterPrompt?: string | null;
  shouldLLMFilter?: boolean | null;
  categories?: string[] | null;
  chunkSize?: number | null;
  profileBuckets?: ProfileBucket[] | null;
  workspacePrompt?: string | null;
  connectors?: Partial<Record<ConnectorKeyKind, ConnectorKeySettings>>;
}

export const orgSettings = pgTable('org_settings', {
  orgId: text('org_id')
    .primaryKey()
    .references(() => orgs.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<StoredOrgSettings>().notNull().default({}),
  /** Connector client secrets, each sealed with AES-256-GCM; never stored or returned in clear. */
  sealedSecrets: jsonb('sealed_secrets').$type<Partial<Record<ConnectorKeyKind, string>>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export type MergeStatus = 'queued' | 'waiting_for_ingest' | 'db_committing' | 'completed' | 'failed';

export interface MergeProgress {
  phase?: MergeStatus;
  currentSourceTag?: string;
  copiedRows?: number;
  completedSourceTags?: string[];
  inFlightItems?: number;
  attempt?: number;
  waitingSince?: string;
  moved?: { documents: number; chunks: number; memories: number; renamedCustomIds: number; duplicateMemories: number };
}

export const containerTagMerges = pgTable(
  'container_tag_merges',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    /** In the order the caller gave them: on a customId clash the earlier source keeps the id. */
    sourceTags: text('source_tags').array().notNull(),
    targetTag: text('target_tag').notNull(),
    status: text('status').$type<MergeStatus>().notNull().default('queued'),
    progress: jsonb('progress').$type<MergeProgress>(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('container_tag_merges_org_status_idx').on(t.orgId, t.status)],
);
