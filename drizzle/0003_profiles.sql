CREATE TABLE "profiles" (
	"org_id" text NOT NULL,
	"container_tag" text NOT NULL,
	"static_entries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"dynamic_entries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bucket_entries" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_org_id_container_tag_pk" PRIMARY KEY("org_id","container_tag")
);
--> statement-breakpoint
ALTER TABLE "memories" ADD COLUMN "buckets" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profiles_org_idx" ON "profiles" USING btree ("org_id");