ALTER TABLE "profiles" ADD COLUMN "avatar_width" integer;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "avatar_height" integer;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "avatar_variant_widths" smallint[] DEFAULT '{}'::smallint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "link_previews" ADD COLUMN "image_width" integer;--> statement-breakpoint
ALTER TABLE "link_previews" ADD COLUMN "image_height" integer;--> statement-breakpoint
ALTER TABLE "link_previews" ADD COLUMN "image_variant_widths" smallint[] DEFAULT '{}'::smallint[] NOT NULL;--> statement-breakpoint
-- Avatars stored before this keep no copies, but their uploads row knows their size.
UPDATE "profiles" p SET "avatar_width" = u."width", "avatar_height" = u."height" FROM "uploads" u WHERE u."public_url" = p."avatar_url" AND u."kind" = 'avatar' AND u."width" IS NOT NULL;
