DROP INDEX "chunks_org_tag_idx";--> statement-breakpoint
CREATE INDEX "chunks_org_tag_id_idx" ON "chunks" USING btree ("org_id","container_tag","id");--> statement-breakpoint
CREATE INDEX "documents_org_tag_id_idx" ON "documents" USING btree ("org_id","container_tag","id");--> statement-breakpoint
CREATE INDEX "memories_org_tag_id_idx" ON "memories" USING btree ("org_id","container_tag","id");