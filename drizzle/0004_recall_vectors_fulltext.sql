CREATE TABLE "embedding_space" (
	"id" text PRIMARY KEY DEFAULT 'current' NOT NULL,
	"model" text NOT NULL,
	"dimension" integer NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chunks" ADD COLUMN "embedding" vector;--> statement-breakpoint
ALTER TABLE "chunks" ADD COLUMN "tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, "content")) STORED;--> statement-breakpoint
ALTER TABLE "memories" ADD COLUMN "embedding" vector;--> statement-breakpoint
ALTER TABLE "memories" ADD COLUMN "tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, "memory")) STORED;--> statement-breakpoint
CREATE INDEX "chunks_tsv_idx" ON "chunks" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "memories_tsv_idx" ON "memories" USING gin ("tsv");