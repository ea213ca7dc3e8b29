-- A tag's profile lists (static, dynamic, buckets: src/store/profiles.ts) in one statement. The
-- function's own setting prices sorting out while its queries are planned and run, so each list is
-- read as the first rows of its partial index (migration 0013) however stale the planner's
-- statistics are; set from the caller, that took a transaction of five statements.
CREATE OR REPLACE FUNCTION memory_profile_lists(of_org text, of_tag text, at_time timestamptz, static_limit int, dynamic_limit int, bucket_limit int)
  RETURNS TABLE (list text, memory_id text, memory text, date text, forget_after text, buckets text[])
  LANGUAGE sql STABLE
  SET enable_sort = off
  AS $$
    (SELECT 'static', m.id, m.memory, memory_profile_date(m.temporal_context, m.created_at),
        to_char(m.forget_after AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), m.buckets
      FROM memories m
      WHERE m.org_id = of_org AND m.container_tag = of_tag AND m.is_latest AND NOT m.is_forgotten AND NOT m.is_inference
        AND (m.forget_after IS NULL OR m.forget_after > at_time) AND m.is_static
      ORDER BY m.source_count DESC, m.updated_at DESC
      LIMIT static_limit)
    UNION ALL
    (SELECT 'dynamic', m.id, m.memory, memory_profile_date(m.temporal_context, m.created_at),
        to_char(m.forget_after AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), m.buckets
      FROM memories m
      WHERE m.org_id = of_org AND m.container_tag = of_tag AND m.is_latest AND NOT m.is_forgotten AND NOT m.is_inference
        AND (m.forget_after IS NULL OR m.forget_after > at_time) AND NOT m.is_static
      ORDER BY memory_profile_date(m.temporal_context, m.created_at) DESC, m.created_at DESC
      LIMIT dynamic_limit)
    UNION ALL
    (SELECT 'buckets', m.id, m.memory, memory_profile_date(m.temporal_context, m.created_at),
        to_char(m.forget_after AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), m.buckets
      FROM memories m
      WHERE m.org_id = of_org AND m.container_tag = of_tag AND m.is_latest AND NOT m.is_forgotten AND NOT m.is_inference
        AND (m.forget_after IS NULL OR m.forget_after > at_time) AND cardinality(m.buckets) > 0
      ORDER BY m.updated_at DESC
      LIMIT bucket_limit)
  $$;
