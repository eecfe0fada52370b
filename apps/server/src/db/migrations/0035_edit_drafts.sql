ALTER TABLE "drafts" DROP CONSTRAINT "drafts_member_post";--> statement-breakpoint
ALTER TABLE "drafts" ADD COLUMN "kind" text DEFAULT 'compose' NOT NULL;--> statement-breakpoint
ALTER TABLE "drafts" ADD COLUMN "reply_id" uuid;--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_reply_id_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_member_target" UNIQUE NULLS NOT DISTINCT("user_id","kind","post_id","reply_id");