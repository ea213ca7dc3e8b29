-- A 512-d vector alone is over the 2 kB at which PostgreSQL starts moving a row's other columns
-- out of line, so every memory's text and full-text vector (and every chunk's) went to the TOAST
-- table: full-text matching paid an index lookup and a fetch per row on top of reading the row.
-- With the target at its maximum, a row is only toasted when it would not fit on a page. Rows
-- written before keep their layout until rewritten (`VACUUM FULL memories`, `VACUUM FULL chunks`).
ALTER TABLE "memories" SET (toast_tuple_target = 8160);--> statement-breakpoint
ALTER TABLE "chunks" SET (toast_tuple_target = 8160);
