DROP INDEX "search_words_trgm_idx";--> statement-breakpoint
ALTER TABLE "post_search" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "post_search_created_idx" ON "post_search" USING btree ("created_at","post_id");--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);