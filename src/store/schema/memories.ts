import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { MemoryAttribute, MemoryRecord, MemoryRelation, TemporalContext } from '../../model/memories.js';
import { timestamptz, timestamps, tsvector, vector, type SameShape } from './columns.js';
import { orgRecordColumns } from './orgs.js';

/** What the profile indexes cover: live memories the user stated (src/store/profiles.ts, `liveMemories`). */
const LIVE_STATED = sql.raw('is_latest AND NOT is_forgotten AND NOT is_inference');

export const memories = pgTable(
  'memories',
  {
    ...orgRecordColumns(),
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
    forgetAfter: timestamptz('forget_after'),
    forgetReason: text('forget_reason'),
    temporalContext: jsonb('temporal_context').$type<TemporalContext>(),
    reviewStatus: text('review_status'),
    /** Profile buckets this memory was classified into at write time. */
    buckets: text('buckets').array().notNull().default(sql`'{}'::text[]`),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    attributes: jsonb('attributes').$type<MemoryAttribute[]>(),
    canonical: text('canonical'),
    /** Written with the memory; a memory is searchable once it has one. */
    embedding: vector('embedding'),
    // The canonical forms of its attributes are searched with the text: "works at" for "got a job at".
    tsv: tsvector('tsv').generatedAlwaysAs(sql`to_tsvector('english'::regconfig, "memory" || ' ' || coalesce("canonical", ''))`),
    ...timestamps,
  },
  (t) => [
    index('memories_org_tag_latest_idx').on(t.orgId, t.containerTag, t.isLatest, t.isForgotten),
    // Export reads a tag in pages ordered by id: each page is a range of this index, not a sort of the tag.
    index('memories_org_tag_id_idx').on(t.orgId, t.containerTag, t.id),
    // One row per version of a chain: two concurrent edits cannot both add version n + 1.
    uniqueIndex('memories_root_version_uq').on(t.rootMemoryId, t.version),
    // Merged at 256 kB rather than 4 MB: every lookup reads the whole pending list (migration 0017).
    index('memories_tsv_idx').using('gin', t.tsv).with({ gin_pending_list_limit: 256 }),
    // A tag's profile lists its top live memories by each of these orders: with them a rebuild
    // reads the rows it lists, not the whole tag (src/store/profiles.ts, `liveMemories`).
    // The memories that state an attribute a question asks for (src/store/search/candidates.ts).
    index('memories_attributes_idx').using('gin', sql`${t.attributes} jsonb_path_ops`),
    index('memories_profile_static_idx')
      .on(t.orgId, t.containerTag, t.sourceCount.desc().nullsFirst(), t.updatedAt.desc().nullsFirst())
      .where(sql`${LIVE_STATED} AND is_static`),
    index('memories_profile_dynamic_idx')
      .on(t.orgId, t.containerTag, sql`memory_profile_date(temporal_context, created_at) DESC`, t.createdAt.desc().nullsFirst())
      .where(sql`${LIVE_STATED} AND NOT is_static`),
    index('memories_profile_buckets_idx').on(t.orgId, t.containerTag, t.updatedAt.desc().nullsFirst()).where(sql`${LIVE_STATED} AND cardinality(buckets) > 0`),
  ],
);

export type MemoryRow = SameShape<Omit<typeof memories.$inferSelect, 'embedding' | 'tsv'>, MemoryRecord>;
