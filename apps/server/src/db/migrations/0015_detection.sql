CREATE TYPE "public"."detection_status" AS ENUM('queued', 'done', 'none', 'failed', 'off');--> statement-breakpoint
ALTER TABLE "post_images" ADD COLUMN "detection_status" "detection_status" DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "post_images" ADD COLUMN "detection_provider" text;--> statement-breakpoint
ALTER TABLE "post_images" ADD COLUMN "detection_model" text;--> statement-breakpoint
ALTER TABLE "post_images" ADD COLUMN "detected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "post_images" ADD COLUMN "detection_error" text;--> statement-breakpoint
ALTER TABLE "post_images" ADD COLUMN "embedding_model" text;--> statement-breakpoint
ALTER TABLE "post_images" ADD COLUMN "embedding_dimension" integer;--> statement-breakpoint
ALTER TABLE "post_images" ADD COLUMN "embedded_at" timestamp with time zone;--> statement-breakpoint
-- Images read before detection had a status: what they carry says done, otherwise nothing was recognised.
UPDATE "post_images" SET "detection_status" = 'done' WHERE "detected_object" IS NOT NULL;--> statement-breakpoint
-- A vector without its model cannot be compared with anything: it is made again at start.
UPDATE "post_images" SET "embedding" = NULL WHERE "embedding" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "post_images_object_idx" ON "post_images" USING btree (lower(coalesce("user_confirmed_object", "detected_object"))) WHERE "post_images"."embedding" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "post_images_category_idx" ON "post_images" USING btree ("detected_category") WHERE "post_images"."embedding" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "post_images_detection_failed_idx" ON "post_images" USING btree ("created_at") WHERE "post_images"."detection_status" = 'failed';--> statement-breakpoint
ALTER TABLE "post_images" ADD CONSTRAINT "post_images_embedding_shape" CHECK ("post_images"."embedding" IS NULL OR ("post_images"."embedding_model" IS NOT NULL AND cardinality("post_images"."embedding") = "post_images"."embedding_dimension"));