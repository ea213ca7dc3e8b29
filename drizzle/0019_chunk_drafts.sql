-- A document's new chunks are written here in batches while its earlier chunks stay searchable,
-- then moved into chunks in one statement (store/chunks.ts).
CREATE TABLE "chunk_drafts" (
	"id" text PRIMARY KEY NOT NULL,
	"stage_id" text NOT NULL,
	"document_id" text NOT NULL,
	"org_id" text NOT NULL,
	"position" integer NOT NULL,
	"content" text NOT NULL,
	"heading_path" text[] DEFAULT '{}'::text[] NOT NULL,
	"metadata" jsonb,
	"embedding" vector NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chunk_drafts" ADD CONSTRAINT "chunk_drafts_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chunk_drafts_document_stage_idx" ON "chunk_drafts" USING btree ("document_id","stage_id");