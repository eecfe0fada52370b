CREATE TYPE "public"."email_status" AS ENUM('queued', 'sent', 'skipped', 'failed');--> statement-breakpoint
CREATE TABLE "reply_mentions" (
	"reply_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"handle" text NOT NULL,
	CONSTRAINT "reply_mentions_reply_id_user_id_pk" PRIMARY KEY("reply_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "email_status" "email_status";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "email_error" text;--> statement-breakpoint
ALTER TABLE "reply_mentions" ADD CONSTRAINT "reply_mentions_reply_id_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_mentions" ADD CONSTRAINT "reply_mentions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reply_mentions_user_idx" ON "reply_mentions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE NOT "notifications"."read";--> statement-breakpoint
CREATE INDEX "notifications_email_failed_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."email_status" = 'failed';