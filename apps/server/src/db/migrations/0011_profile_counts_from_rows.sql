ALTER TABLE "profiles" DROP CONSTRAINT "profiles_counts_nonnegative";--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "reply_count";--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "helpful_count";--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_counts_nonnegative" CHECK ("profiles"."post_count" >= 0);