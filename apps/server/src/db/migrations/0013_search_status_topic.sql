ALTER TABLE "post_search" ADD COLUMN "status" "post_status" DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "post_search" ADD COLUMN "topic" "topic" DEFAULT 'misc' NOT NULL;