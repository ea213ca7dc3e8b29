-- A GIN index takes new rows into an unsorted pending list, and every full-text lookup reads that
-- whole list. It is merged into the index when it passes gin_pending_list_limit (4 MB by default)
-- or by a vacuum; the embedded database never vacuums, so after a run of writes each search word
-- read up to 500 extra pages (3.8 against 1.4 ms for the lexical statement at 100k memories).
-- At 256 kB the merges come sixteen times as often; inserts took no longer in all (measured at
-- 100k memories), where writing every entry straight into the index (fastupdate off) doubled them.
ALTER INDEX "memories_tsv_idx" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "chunks_tsv_idx" SET (gin_pending_list_limit = 256);--> statement-breakpoint
SELECT gin_clean_pending_list('memories_tsv_idx');--> statement-breakpoint
SELECT gin_clean_pending_list('chunks_tsv_idx');
