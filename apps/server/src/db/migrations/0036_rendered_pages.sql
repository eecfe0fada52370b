CREATE TABLE "rendered_pages" (
	"key" text PRIMARY KEY NOT NULL,
	"content" text NOT NULL,
	"etag" text NOT NULL,
	"tags" text[] NOT NULL,
	"checks" text DEFAULT '' NOT NULL,
	"bytes" integer NOT NULL,
	"stored_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rendered_pages_tags_idx" ON "rendered_pages" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "rendered_pages_stored_at_idx" ON "rendered_pages" USING btree ("stored_at" DESC NULLS LAST,"bytes");