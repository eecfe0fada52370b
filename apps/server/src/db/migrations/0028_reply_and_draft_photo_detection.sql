-- Issue 24: the question author's reply photos and a question's photos on the ask form (uploads not yet posted) are
-- read too; each keeps its reading on its own row (a status and one JSON column), so it goes with the row.
ALTER TABLE "reply_images" ADD COLUMN "detection_status" "detection_status";--> statement-breakpoint
ALTER TABLE "reply_images" ADD COLUMN "detection" jsonb;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "detection_status" "detection_status";--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "detection" jsonb;