CREATE TABLE "post_counts" (
	"topic" "topic" NOT NULL,
	"status" "post_status" NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "post_counts_topic_status_pk" PRIMARY KEY("topic","status")
);
