-- The date a profile line carries: when the event happened, else the day it was written down (UTC).
-- to_char is only STABLE in general, but with this all-numeric format and a fixed zone it cannot
-- change, so the function may be IMMUTABLE and indexed.
CREATE OR REPLACE FUNCTION memory_profile_date(temporal_context jsonb, created_at timestamptz) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(temporal_context->'eventDate'->>0, temporal_context->>'documentDate', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')) $$;--> statement-breakpoint
CREATE INDEX "memories_profile_static_idx" ON "memories" USING btree ("org_id","container_tag","source_count" DESC NULLS FIRST,"updated_at" DESC NULLS FIRST) WHERE is_latest AND NOT is_forgotten AND NOT is_inference AND is_static;--> statement-breakpoint
CREATE INDEX "memories_profile_dynamic_idx" ON "memories" USING btree ("org_id","container_tag",memory_profile_date(temporal_context, created_at) DESC,"created_at" DESC NULLS FIRST) WHERE is_latest AND NOT is_forgotten AND NOT is_inference AND NOT is_static;--> statement-breakpoint
CREATE INDEX "memories_profile_buckets_idx" ON "memories" USING btree ("org_id","container_tag","updated_at" DESC NULLS FIRST) WHERE is_latest AND NOT is_forgotten AND NOT is_inference AND cardinality(buckets) > 0;