-- Vectors of 512+ dimensions exceed 2 kB, so by default they are moved out of line to the TOAST
-- table and every distance computation pays an extra fetch. MAIN keeps them in the row unless the
-- whole row would not fit on a page.
ALTER TABLE "chunks" ALTER COLUMN "embedding" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "memories" ALTER COLUMN "embedding" SET STORAGE MAIN;
