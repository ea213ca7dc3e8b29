CREATE TABLE "memories" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"container_tag" text NOT NULL,
	"memory" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"is_latest" boolean DEFAULT true NOT NULL,
	"parent_memory_id" text,
	"root_memory_id" text,
	"relations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"source_count" integer DEFAULT 1 NOT NULL,
	"is_inference" boolean DEFAULT false NOT NULL,
	"is_forgotten" boolean DEFAULT false NOT NULL,
	"is_static" boolean DEFAULT false NOT NULL,
	"forget_after" timestamp with time zone,
	"forget_reason" text,
	"temporal_context" jsonb,
	"review_status" text,
	"metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memory_sources" (
	"memory_id" text NOT NULL,
	"document_id" text NOT NULL,
	"org_id" text NOT NULL,
	"relevance_score" integer DEFAULT 100 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memory_sources_memory_id_document_id_pk" PRIMARY KEY("memory_id","document_id")
);
--> statement-breakpoint
ALTER TABLE "jobs" ALTER COLUMN "document_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ALTER COLUMN "generation" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "payload" jsonb;--> statement-breakpoint
ALTER TABLE "memories" ADD CONSTRAINT "memories_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_sources" ADD CONSTRAINT "memory_sources_memory_id_memories_id_fk" FOREIGN KEY ("memory_id") REFERENCES "public"."memories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_sources" ADD CONSTRAINT "memory_sources_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memories_org_tag_latest_idx" ON "memories" USING btree ("org_id","container_tag","is_latest","is_forgotten");--> statement-breakpoint
CREATE INDEX "memories_root_idx" ON "memories" USING btree ("root_memory_id");--> statement-breakpoint
CREATE INDEX "memory_sources_document_idx" ON "memory_sources" USING btree ("document_id");