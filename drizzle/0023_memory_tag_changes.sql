-- Which transactions changed a container tag's memories or their source links
-- (src/store/schema/memory-tag-changes.ts): the memory step reads a tag before its transaction, and
-- in it asks whether a transaction its read did not see has changed the tag since. The triggers run
-- once per statement, over the rows it changed (its transition tables), and record every tag those
-- rows were in or are in now (a memory moved to another tag records both), once per transaction: the
-- key holds the transaction, so a later statement of it finds its row (ON CONFLICT DO NOTHING, its
-- own row: no other transaction's insert is ever waited for). Nothing is updated and nothing locked
-- beyond the rows inserted.
CREATE TABLE "memory_tag_changes" (
	"org_id" text NOT NULL,
	"container_tag" text NOT NULL,
	"xact" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"changed_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "memory_tag_changes_org_id_container_tag_xact_pk" PRIMARY KEY("org_id","container_tag","xact")
);--> statement-breakpoint
CREATE FUNCTION record_memory_tag_changes(of_orgs text[], of_tags text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO memory_tag_changes (org_id, container_tag)
    SELECT DISTINCT o, t FROM unnest(of_orgs, of_tags) AS c(o, t)
    ON CONFLICT (org_id, container_tag, xact) DO NOTHING
$$;--> statement-breakpoint
CREATE FUNCTION memories_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM record_memory_tag_changes(array_agg(org_id), array_agg(container_tag)) FROM rows_after;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM record_memory_tag_changes(array_agg(org_id), array_agg(container_tag)) FROM rows_before;
  ELSE
    PERFORM record_memory_tag_changes(array_agg(org_id), array_agg(container_tag))
      FROM (SELECT org_id, container_tag FROM rows_before UNION SELECT org_id, container_tag FROM rows_after) AS c;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A link records the tag of its memory (the links of a memory deleted with it: its deletion does),
-- found by the key of each: a join of the changed links with the memories would be planned once, for
-- whatever number of links came first, and scan the memories table for every later statement.
CREATE FUNCTION memory_sources_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  linked text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(memory_id) INTO linked FROM rows_after;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(memory_id) INTO linked FROM rows_before;
  ELSE
    SELECT array_agg(memory_id) INTO linked FROM (SELECT memory_id FROM rows_before UNION SELECT memory_id FROM rows_after) AS c;
  END IF;
  PERFORM record_memory_tag_changes(array_agg(org_id), array_agg(container_tag)) FROM memories WHERE id = ANY (linked);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER memories_inserted AFTER INSERT ON memories REFERENCING NEW TABLE AS rows_after FOR EACH STATEMENT EXECUTE FUNCTION memories_changed();--> statement-breakpoint
CREATE TRIGGER memories_updated AFTER UPDATE ON memories REFERENCING OLD TABLE AS rows_before NEW TABLE AS rows_after FOR EACH STATEMENT EXECUTE FUNCTION memories_changed();--> statement-breakpoint
CREATE TRIGGER memories_deleted AFTER DELETE ON memories REFERENCING OLD TABLE AS rows_before FOR EACH STATEMENT EXECUTE FUNCTION memories_changed();--> statement-breakpoint
CREATE TRIGGER memory_sources_inserted AFTER INSERT ON memory_sources REFERENCING NEW TABLE AS rows_after FOR EACH STATEMENT EXECUTE FUNCTION memory_sources_changed();--> statement-breakpoint
CREATE TRIGGER memory_sources_updated AFTER UPDATE ON memory_sources REFERENCING OLD TABLE AS rows_before NEW TABLE AS rows_after FOR EACH STATEMENT EXECUTE FUNCTION memory_sources_changed();--> statement-breakpoint
CREATE TRIGGER memory_sources_deleted AFTER DELETE ON memory_sources REFERENCING OLD TABLE AS rows_before FOR EACH STATEMENT EXECUTE FUNCTION memory_sources_changed();
