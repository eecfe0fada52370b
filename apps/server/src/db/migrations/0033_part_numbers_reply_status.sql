-- Part pages read only published replies (decision 034): a reply approved or hidden later re-reads its post's numbers.
DROP TRIGGER IF EXISTS replies_queue_part_numbers ON replies;--> statement-breakpoint
CREATE TRIGGER replies_queue_part_numbers AFTER INSERT OR UPDATE OF content, status OR DELETE ON replies
  FOR EACH ROW EXECUTE FUNCTION queue_part_numbers();
