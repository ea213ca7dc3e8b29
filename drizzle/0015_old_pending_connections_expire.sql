-- Connections still waiting for authorization from before pending connections expired get the
-- lifetime of their authorization link (one hour), counted from their last change: the scheduler
-- deletes those whose link lapsed, as it does for new ones.
UPDATE "connections" SET "expires_at" = "updated_at" + interval '1 hour' WHERE "status" = 'pending' AND "expires_at" IS NULL;
