-- Kept pages are kept gzip-compressed, up to where the time they were read goes, and no longer as text, with their
-- canonical address (decision 046). The rows kept before have no such copy: a cache, emptied, and drawn again when next read.
DELETE FROM "rendered_pages";--> statement-breakpoint
ALTER TABLE "rendered_pages" DROP COLUMN "content";--> statement-breakpoint
ALTER TABLE "rendered_pages" ADD COLUMN "path" text NOT NULL;--> statement-breakpoint
ALTER TABLE "rendered_pages" ADD COLUMN "gzip_head" "bytea" NOT NULL;--> statement-breakpoint
ALTER TABLE "rendered_pages" ADD COLUMN "head_crc" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "rendered_pages" ADD COLUMN "head_bytes" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "rendered_pages" ADD COLUMN "tail" text NOT NULL;--> statement-breakpoint
-- Already compressed: stored as it is, not compressed again.
ALTER TABLE "rendered_pages" ALTER COLUMN "gzip_head" SET STORAGE EXTERNAL;
