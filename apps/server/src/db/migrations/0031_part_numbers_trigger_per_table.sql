-- Migration 0029's queue_part_numbers read OLD.post_id and NEW.id in one CASE, which PL/pgSQL cannot plan for a
-- table without that column: one function per kind of table instead (posts by id, replies and photos by post_id).
CREATE OR REPLACE FUNCTION queue_part_numbers() RETURNS trigger LANGUAGE plpgsql SET search_path = public AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO part_number_queue (post_id) VALUES (OLD.post_id) ON CONFLICT (post_id) DO NOTHING;
  ELSE
    INSERT INTO part_number_queue (post_id) VALUES (NEW.post_id) ON CONFLICT (post_id) DO NOTHING;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION queue_post_part_numbers() RETURNS trigger LANGUAGE plpgsql SET search_path = public AS $$
BEGIN
  INSERT INTO part_number_queue (post_id) VALUES (NEW.id) ON CONFLICT (post_id) DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS posts_queue_part_numbers ON posts;--> statement-breakpoint
CREATE TRIGGER posts_queue_part_numbers AFTER INSERT OR UPDATE OF title, description ON posts
  FOR EACH ROW EXECUTE FUNCTION queue_post_part_numbers();
