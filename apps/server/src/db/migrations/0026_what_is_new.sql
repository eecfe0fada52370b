CREATE TABLE "digest_sends" (
	"user_id" text NOT NULL,
	"period" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "digest_sends_user_id_period_pk" PRIMARY KEY("user_id","period"),
	CONSTRAINT "digest_sends_period_shape" CHECK ("digest_sends"."period" ~ '^(daily|weekly):')
);
--> statement-breakpoint
CREATE TABLE "post_reads" (
	"user_id" text NOT NULL,
	"post_id" uuid NOT NULL,
	"read_until" timestamp with time zone NOT NULL,
	"last_read_reply_id" uuid,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_reads_user_id_post_id_pk" PRIMARY KEY("user_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "reply_email_windows" (
	"user_id" text NOT NULL,
	"post_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reply_email_windows_user_id_post_id_pk" PRIMARY KEY("user_id","post_id")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "digest" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "reply_id" uuid;--> statement-breakpoint
ALTER TABLE "digest_sends" ADD CONSTRAINT "digest_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_reads" ADD CONSTRAINT "post_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_reads" ADD CONSTRAINT "post_reads_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_email_windows" ADD CONSTRAINT "reply_email_windows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_email_windows" ADD CONSTRAINT "reply_email_windows_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_reads_user_opened_idx" ON "post_reads" USING btree ("user_id","opened_at");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_reply_id_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."replies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_digest_known" CHECK ("profiles"."digest" in ('off', 'daily', 'weekly'));--> statement-breakpoint
-- A question that becomes public (approved, or posted public at once) tells every stream: the home list offers it
-- with its 'N new questions' bar (issue 25). Posts moving between open and solved are not new.
CREATE OR REPLACE FUNCTION posts_publish_announce() RETURNS trigger LANGUAGE plpgsql SET search_path = public, pg_catalog AS $$
BEGIN
  IF NEW.status IN ('open', 'solved') AND (TG_OP = 'INSERT' OR OLD.status NOT IN ('open', 'solved')) THEN
    PERFORM forum_event(json_build_object('type', 'post.published', 'postId', NEW.id));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER posts_publish_announce AFTER INSERT OR UPDATE OF status ON posts
  FOR EACH ROW EXECUTE FUNCTION posts_publish_announce();
