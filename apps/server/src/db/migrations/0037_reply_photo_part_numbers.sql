-- Part pages read the part numbers of the question author's reply photos too (issue 27, decision 042): a reply photo
-- whose reading is saved or changed, or that is removed, queues its question, as the question's own photos do. The
-- queue's row is locked until the write commits, as migration 0034 does for the others.
CREATE OR REPLACE FUNCTION queue_reply_image_part_numbers() RETURNS trigger LANGUAGE plpgsql SET search_path = public AS $$
BEGIN
  -- A photo deleted with its reply finds no reply: the reply's own trigger queued the question.
  INSERT INTO part_number_queue (post_id)
    SELECT post_id FROM replies WHERE id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.reply_id ELSE NEW.reply_id END)
    ON CONFLICT (post_id) DO UPDATE SET requested_at = part_number_queue.requested_at;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER reply_images_queue_part_numbers AFTER INSERT OR UPDATE OF detection OR DELETE ON reply_images
  FOR EACH ROW EXECUTE FUNCTION queue_reply_image_part_numbers();--> statement-breakpoint
-- The reply photos already read.
INSERT INTO part_number_queue (post_id)
  SELECT DISTINCT r.post_id FROM reply_images ri JOIN replies r ON r.id = ri.reply_id WHERE ri.detection IS NOT NULL
  ON CONFLICT (post_id) DO NOTHING;
