CREATE TYPE "public"."reply_status" AS ENUM('published', 'pending', 'hidden');--> statement-breakpoint
CREATE TYPE "public"."flag_reason" AS ENUM('spam', 'rude', 'off_topic', 'dangerous', 'other');--> statement-breakpoint
CREATE TYPE "public"."flag_status" AS ENUM('open', 'dismissed', 'upheld');--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'flag_resolved';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'content_hidden';--> statement-breakpoint
CREATE TABLE "flags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"target_author_id" text,
	"user_id" text NOT NULL,
	"reason" "flag_reason" NOT NULL,
	"note" text,
	"weight" smallint DEFAULT 1 NOT NULL,
	"status" "flag_status" DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "flags_target_type" CHECK ("flags"."target_type" in ('post', 'reply'))
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "trust_level" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "trust_locked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "trust_reason" text DEFAULT 'Just signed up' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "hidden_from" "post_status";--> statement-breakpoint
ALTER TABLE "replies" ADD COLUMN "status" "reply_status" DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "flags" ADD CONSTRAINT "flags_target_author_id_users_id_fk" FOREIGN KEY ("target_author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flags" ADD CONSTRAINT "flags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "flags_member_target_idx" ON "flags" USING btree ("user_id","target_type","target_id");--> statement-breakpoint
CREATE INDEX "flags_target_idx" ON "flags" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "flags_open_idx" ON "flags" USING btree ("created_at") WHERE "flags"."status" = 'open';--> statement-breakpoint
CREATE INDEX "flags_author_resolved_idx" ON "flags" USING btree ("target_author_id","resolved_at");--> statement-breakpoint
CREATE INDEX "replies_held_idx" ON "replies" USING btree ("created_at") WHERE "replies"."status" <> 'published';--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_trust_level_range" CHECK ("profiles"."trust_level" between 0 and 3);