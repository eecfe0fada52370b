CREATE TABLE "deleted_posts" (
	"post_id" uuid PRIMARY KEY NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "part_number_queue" (
	"post_id" uuid PRIMARY KEY NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parts" (
	"key" text PRIMARY KEY NOT NULL,
	"display" text NOT NULL,
	"name" text,
	"category" text,
	"merged_into" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_part_numbers" (
	"post_id" uuid NOT NULL,
	"key" text NOT NULL,
	"display" text NOT NULL,
	"photo_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"typed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "post_part_numbers_post_id_key_pk" PRIMARY KEY("post_id","key")
);
--> statement-breakpoint
ALTER TABLE "post_part_numbers" ADD CONSTRAINT "post_part_numbers_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parts_merged_into_idx" ON "parts" USING btree ("merged_into");--> statement-breakpoint
CREATE INDEX "post_part_numbers_key_idx" ON "post_part_numbers" USING btree ("key");--> statement-breakpoint
-- Part pages (decision 034): a post's part numbers are re-read when its text, a reply or a photo's detection changes.
CREATE OR REPLACE FUNCTION queue_part_numbers() RETURNS trigger LANGUAGE plpgsql SET search_path = public AS $$
BEGIN
  INSERT INTO part_number_queue (post_id)
  VALUES (CASE WHEN TG_TABLE_NAME = 'posts' THEN NEW.id WHEN TG_OP = 'DELETE' THEN OLD.post_id ELSE NEW.post_id END)
  ON CONFLICT (post_id) DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER posts_queue_part_numbers AFTER INSERT OR UPDATE OF title, description ON posts
  FOR EACH ROW EXECUTE FUNCTION queue_part_numbers();--> statement-breakpoint
CREATE TRIGGER replies_queue_part_numbers AFTER INSERT OR UPDATE OF content OR DELETE ON replies
  FOR EACH ROW EXECUTE FUNCTION queue_part_numbers();--> statement-breakpoint
CREATE TRIGGER post_images_queue_part_numbers AFTER INSERT OR UPDATE OF key_features OR DELETE ON post_images
  FOR EACH ROW EXECUTE FUNCTION queue_part_numbers();--> statement-breakpoint
-- A deleted question's address answers 410 Gone.
CREATE OR REPLACE FUNCTION remember_deleted_post() RETURNS trigger LANGUAGE plpgsql SET search_path = public AS $$
BEGIN
  INSERT INTO deleted_posts (post_id) VALUES (OLD.id) ON CONFLICT (post_id) DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER posts_remember_deleted AFTER DELETE ON posts
  FOR EACH ROW EXECUTE FUNCTION remember_deleted_post();--> statement-breakpoint
-- The questions already asked.
INSERT INTO part_number_queue (post_id) SELECT id FROM posts ON CONFLICT DO NOTHING;
