-- A write that queues a post for its part numbers locks the queue's row until it commits, so a drain running at the
-- same moment (it takes rows FOR UPDATE SKIP LOCKED) cannot read the post before the write is visible and then drop
-- the row: DO NOTHING left the row free and a concurrent drain could read the old photo detections (a CI failure).
-- The no-op update keeps the row's place in the queue.
CREATE OR REPLACE FUNCTION queue_part_numbers() RETURNS trigger LANGUAGE plpgsql SET search_path = public AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO part_number_queue (post_id) VALUES (OLD.post_id)
      ON CONFLICT (post_id) DO UPDATE SET requested_at = part_number_queue.requested_at;
  ELSE
    INSERT INTO part_number_queue (post_id) VALUES (NEW.post_id)
      ON CONFLICT (post_id) DO UPDATE SET requested_at = part_number_queue.requested_at;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION queue_post_part_numbers() RETURNS trigger LANGUAGE plpgsql SET search_path = public AS $$
BEGIN
  INSERT INTO part_number_queue (post_id) VALUES (NEW.id)
    ON CONFLICT (post_id) DO UPDATE SET requested_at = part_number_queue.requested_at;
  RETURN NULL;
END $$;
