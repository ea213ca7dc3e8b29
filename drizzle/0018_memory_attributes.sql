-- The attributes a memory sets (employer, residence, diet, …) and their canonical wording, which the
-- full-text vector now covers with the memory's text. Memories written before stay unanalysed (null).
ALTER TABLE "memories" ADD COLUMN "attributes" jsonb;--> statement-breakpoint
ALTER TABLE "memories" ADD COLUMN "canonical" text;--> statement-breakpoint
ALTER TABLE "memories" drop column "tsv";--> statement-breakpoint
ALTER TABLE "memories" ADD COLUMN "tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, "memory" || ' ' || coalesce("canonical", ''))) STORED;--> statement-breakpoint
CREATE INDEX "memories_tsv_idx" ON "memories" USING gin ("tsv") WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "memories_attributes_idx" ON "memories" USING gin ("attributes" jsonb_path_ops);
