-- A card's preview made once and kept (decision 050, modules/posts/previews.ts): used while its source (a hash of the
-- start of the post's Markdown, seeded with the renderer's version) matches the post; one row a post, deleted with it.
CREATE TABLE "post_previews" (
	"post_id" uuid PRIMARY KEY NOT NULL,
	"source" bigint NOT NULL,
	"preview" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "post_previews" ADD CONSTRAINT "post_previews_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;