-- Keeps post_counts equal to count(*) of posts per (topic, status), in the same transaction as every change.
CREATE OR REPLACE FUNCTION post_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE post_counts SET n = n - 1 WHERE topic = OLD.topic AND status = OLD.status;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO post_counts (topic, status, n) VALUES (NEW.topic, NEW.status, 1)
    ON CONFLICT (topic, status) DO UPDATE SET n = post_counts.n + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER posts_count_insert_delete AFTER INSERT OR DELETE ON posts
  FOR EACH ROW EXECUTE FUNCTION post_counts_apply();
--> statement-breakpoint
CREATE TRIGGER posts_count_update AFTER UPDATE OF topic, status ON posts
  FOR EACH ROW WHEN (OLD.topic IS DISTINCT FROM NEW.topic OR OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION post_counts_apply();
--> statement-breakpoint
INSERT INTO post_counts (topic, status, n)
  SELECT topic, status, count(*) FROM posts GROUP BY topic, status
  ON CONFLICT (topic, status) DO UPDATE SET n = EXCLUDED.n;
