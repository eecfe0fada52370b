CREATE TABLE "reply_links" (
	"reply_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"url" text NOT NULL,
	CONSTRAINT "reply_links_reply_id_position_pk" PRIMARY KEY("reply_id","position")
);
--> statement-breakpoint
ALTER TABLE "link_previews" ADD COLUMN "image_path" text;--> statement-breakpoint
ALTER TABLE "link_previews" ADD COLUMN "refetch_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "reply_links" ADD CONSTRAINT "reply_links_reply_id_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reply_links_url_idx" ON "reply_links" USING btree ("url");--> statement-breakpoint
CREATE INDEX "link_previews_refetch_idx" ON "link_previews" USING btree ("refetch_at");