-- Before the unique index: a chain that concurrent edits forked (two rows with one version) is made
-- linear again. Its rows are renumbered oldest first (by version, then creation), each follows the
-- one before it, and only the last stays latest; no row is lost.
WITH "forked" AS (
  SELECT DISTINCT "root_memory_id" AS "root" FROM "memories"
  WHERE "root_memory_id" IS NOT NULL
  GROUP BY "root_memory_id", "version" HAVING count(*) > 1
), "chain" AS (
  SELECT m."id",
    min(m."version") OVER "all_versions" - 1 + row_number() OVER "in_order" AS "version",
    lag(m."id") OVER "in_order" AS "parent",
    row_number() OVER "in_order" = count(*) OVER "all_versions" AS "is_latest"
  FROM "memories" m JOIN "forked" f ON coalesce(m."root_memory_id", m."id") = f."root"
  WINDOW "all_versions" AS (PARTITION BY f."root"), "in_order" AS (PARTITION BY f."root" ORDER BY m."version", m."created_at", m."id")
)
UPDATE "memories" m SET "version" = c."version", "parent_memory_id" = coalesce(c."parent", m."parent_memory_id"), "is_latest" = c."is_latest"
FROM "chain" c WHERE m."id" = c."id";--> statement-breakpoint
DROP INDEX "memories_root_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "memories_root_version_uq" ON "memories" USING btree ("root_memory_id","version");
