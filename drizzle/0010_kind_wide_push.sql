CREATE TABLE "kind_secrets" (
	"kind" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "delivery_key" text;--> statement-breakpoint
CREATE INDEX "connections_delivery_key_idx" ON "connections" USING btree ("kind","delivery_key");--> statement-breakpoint
-- Gmail addresses were the accounts' e-mail until now: mail connections authorized before keep receiving pushes.
UPDATE "connections" SET "delivery_key" = lower("email") WHERE "kind" = 'mail' AND "email" IS NOT NULL;
