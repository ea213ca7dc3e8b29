import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ProfileBucket } from './schema-settings.js';
import { tsvector, vector } from './schema-recall.js';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

export const orgs = pgTable('orgs', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  slug: text('slug').notNull().unique(),
  ...timestamps,
});

export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull().references(() => orgs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    keyPrefix: text('key_prefix').notNull(),
    role: text('role').notNull().default('member'),
    permission: text('permission').notNull().default('write'),
    containerTags: text('container_tags').array(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    rateLimitMax: integer('rate_limit_max'),
    rateLimitWindowMs: integer('rate_limit_window_ms'),
    disabled: boolean('disabled').notNull().default(false),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [index('api_keys_org_idx').on(t.orgId)],
);

export const spaces = pgTable(
  'spaces',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull().references(() => orgs.id, { onDelete: 'cascade' }),
    containerTag: text('container_tag').notNull(),
    name: text('name'),
    entityContext: text('entity_context'),
    memoryFilesystemPaths: text('memory_filesystem_paths').array(),
    /** The tag's own profile buckets, added to the organization's. */
    profileBuckets: jsonb('profile_buckets').$type<ProfileBucket[]>(),
    ...timestamps,
  },
  (t) => [uniqueIndex('spaces_org_tag_uq').on(t.orgId, t.containerTag)],
);

export const documents = pgTable(
  'documents',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull().references(() => orgs.id, { onDelete: 'cascade' }),
    containerTag: text('container_tag').notNull(),
    customId: text('custom_id'),
    status: text('status').notNull().default('queued'),
    taskType: text('task_type').notNull().default('memory'),
    type: text('type').notNull().default('text'),
    title: text('title'),
    /** What the caller sent: text, or the URL to fetch. */
    source: text('source'),
    /** Markdown produced by the extracting stage. */
    content: text('content'),
    url: text('url'),
    summary: text('summary'),
    filepath: text('filepath'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    connectionId: text('connection_id'),
    connectorSource: text('connector_source'),
    documentDate: timestamp('document_date', { withTimezone: true, mode: 'date' }),
    error: text('error'),
    processing: jsonb('processing').$type<ProcessingLog>().notNull().default({ steps: [] }),
    /** Bumped on every content change; a job only commits work for the generation it was queued for. */
    generation: integer('generation').notNull().default(1),
    hasFile: boolean('has_file').notNull().default(false),
    /** How far memory extraction got, so a grown transcript or an appended text is extracted only past it. */
    memoryCursor: jsonb('memory_cursor').$type<MemoryCursor>(),
    ...timestamps,
  },
  (t) => [
    index('documents_org_tag_created_idx').on(t.orgId, t.containerTag, t.createdAt),
    index('documents_org_created_idx').on(t.orgId, t.createdAt),
    index('documents_org_status_idx').on(t.orgId, t.status),
    uniqueIndex('documents_org_tag_custom_uq')
      .on(t.orgId, t.containerTag, t.customId)
      .where(sql`${t.customId} is not null`),
  ],
);

export interface MemoryCursor {
  /** `turns` counts conversation turns, `chars` characters of the source text. */
  unit: 'turns' | 'chars';
  upTo: number;
  /** Hash of the source up to `upTo`: if it differs, the past was rewritten and everything is extracted again. */
  hash: string;
}

export interface ProcessingStep {
  name: string;
  startedAt: string;
  finishedAt?: string;
  status: 'running' | 'completed' | 'failed';
  error?: string;
  /** Counts a step reports, e.g. memories created. */
  detail?: Record<string, number>;
}
export interface ProcessingLog {
  steps: ProcessingStep[];
  attempts?: number;
}

export const documentFiles = pgTable('document_files', {
  documentId: text('document_id')
    .primaryKey()
    .references(() => documents.id, { onDelete: 'cascade' }),
  orgId: text('org_id').notNull(),
  filename: text('filename'),
  mimeType: text('mime_type'),
  /** Type the uploader forced (`fileType`), overriding detection. */
  forcedType: text('forced_type'),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  createdAt: timestamps.createdAt,
});

export const chunks = pgTable(
  'chunks',
  {
    id: text('id').primaryKey(),
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    orgId: text('org_id').notNull(),
    containerTag: text('container_tag').notNull(),
    position: integer('position').notNull(),
    content: text('content').notNull(),
    type: text('type').notNull().default('text'),
    headingPath: text('heading_path').array().notNull().default(sql`'{}'::text[]`),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    /** Written by the indexing stage; a chunk is searchable once it has one. */
    embedding: vector('embedding'),
    tsv: tsvector('tsv').generatedAlwaysAs(sql`to_tsvector('english'::regconfig, "content")`),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex('chunks_document_position_uq').on(t.documentId, t.position),
    index('chunks_org_tag_idx').on(t.orgId, t.containerTag),
    index('chunks_tsv_idx').using('gin', t.tsv),
  ],
);

export const jobs = pgTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull(),
    /** Set for per-document jobs (ingest); other kinds carry what they need in `payload`. */
    documentId: text('document_id').references(() => documents.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().default('ingest'),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    generation: integer('generation').notNull().default(0),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    ...timestamps,
  },
  (t) => [
    index('jobs_claim_idx').on(t.status, t.runAt),
    index('jobs_document_idx').on(t.documentId),
  ],
);

export type MemoryRelation = 'updates' | 'extends' | 'derives';

export const memories = pgTable(
  'memories',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull().references(() => orgs.id, { onDelete: 'cascade' }),
    containerTag: text('container_tag').notNull(),
    memory: text('memory').notNull(),
    version: integer('version').notNull().default(1),
    isLatest: boolean('is_latest').notNull().default(true),
    parentMemoryId: text('parent_memory_id'),
    rootMemoryId: text('root_memory_id'),
    /** Other memory id → how this one relates to it. */
    relations: jsonb('relations').$type<Record<string, MemoryRelation>>().notNull().default({}),
    sourceCount: integer('source_count').notNull().default(1),
    isInference: boolean('is_inference').notNull().default(false),
    isForgotten: boolean('is_forgotten').notNull().default(false),
    isStatic: boolean('is_static').notNull().default(false),
    forgetAfter: timestamp('forget_after', { withTimezone: true, mode: 'date' }),
    forgetReason: text('forget_reason'),
    temporalContext: jsonb('temporal_context').$type<{ documentDate?: string | null; eventDate?: string[] | null }>(),
    reviewStatus: text('review_status'),
    /** Profile buckets this memory was classified into at write time. */
    buckets: text('buckets').array().notNull().default(sql`'{}'::text[]`),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    /** Written with the memory; a memory is searchable once it has one. */
    embedding: vector('embedding'),
    tsv: tsvector('tsv').generatedAlwaysAs(sql`to_tsvector('english'::regconfig, "memory")`),
    ...timestamps,
  },
  (t) => [
    index('memories_org_tag_latest_idx').on(t.orgId, t.containerTag, t.isLatest, t.isForgotten),
    // One row per version of a chain: two concurrent edits cannot both add version n + 1.
    uniqueIndex('memories_root_version_uq').on(t.rootMemoryId, t.version),
    index('memories_tsv_idx').using('gin', t.tsv),
  ],
);

/** Which documents a memory was extracted from. */
export const memorySources = pgTable(
  'memory_sources',
  {
    memoryId: text('memory_id')
      .notNull()
      .references(() => memories.id, { onDelete: 'cascade' }),
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    orgId: text('org_id').notNull(),
    relevanceScore: integer('relevance_score').notNull().default(100),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.memoryId, t.documentId] }), index('memory_sources_document_idx').on(t.documentId)],
);

export * from './schema-settings.js';
export * from './schema-profiles.js';
export * from './schema-recall.js';
