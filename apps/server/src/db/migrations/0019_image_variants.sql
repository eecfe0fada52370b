ALTER TABLE "post_images" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "post_images" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "post_images" ADD COLUMN "variant_widths" smallint[] DEFAULT '{}'::smallint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "post_videos" ADD COLUMN "thumbnail_width" integer;--> statement-breakpoint
ALTER TABLE "post_videos" ADD COLUMN "thumbnail_height" integer;--> statement-breakpoint
ALTER TABLE "post_videos" ADD COLUMN "thumbnail_variant_widths" smallint[] DEFAULT '{}'::smallint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "reply_images" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "reply_images" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "reply_images" ADD COLUMN "variant_widths" smallint[] DEFAULT '{}'::smallint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "variant_widths" smallint[] DEFAULT '{}'::smallint[] NOT NULL;--> statement-breakpoint
-- Photos stored before this keep no variants, but their uploads row knows their size.
UPDATE "post_images" i SET "width" = u."width", "height" = u."height" FROM "uploads" u WHERE u."public_url" = i."image_url" AND u."width" IS NOT NULL;--> statement-breakpoint
UPDATE "reply_images" i SET "width" = u."width", "height" = u."height" FROM "uploads" u WHERE u."public_url" = i."image_url" AND u."width" IS NOT NULL;
