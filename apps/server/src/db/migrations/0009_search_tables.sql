CREATE TABLE "post_search" (
	"post_id" uuid PRIMARY KEY NOT NULL,
	"document" "tsvector" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_similar" (
	"post_id" uuid NOT NULL,
	"similar_post_id" uuid NOT NULL,
	"score" real NOT NULL,
	"source" text DEFAULT 'text' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_similar_post_id_similar_post_id_source_pk" PRIMARY KEY("post_id","similar_post_id","source"),
	CONSTRAINT "post_similar_source" CHECK ("post_similar"."source" in ('text', 'vector')),
	CONSTRAINT "post_similar_not_self" CHECK ("post_similar"."post_id" <> "post_similar"."similar_post_id")
);
--> statement-breakpoint
CREATE TABLE "post_similar_queue" (
	"post_id" uuid PRIMARY KEY NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "post_search" ADD CONSTRAINT "post_search_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_similar" ADD CONSTRAINT "post_similar_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_similar" ADD CONSTRAINT "post_similar_similar_post_id_posts_id_fk" FOREIGN KEY ("similar_post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_similar_queue" ADD CONSTRAINT "post_similar_queue_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_search_document_idx" ON "post_search" USING gin ("document");--> statement-breakpoint
CREATE INDEX "post_similar_post_score_idx" ON "post_similar" USING btree ("post_id","score" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "post_similar_similar_idx" ON "post_similar" USING btree ("similar_post_id");--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_words_prefix_idx" ON "search_words" USING btree ("word" text_pattern_ops);