-- The search trigger functions (and the post counts' one) name no schema either; 0012 did this for the
-- live-event ones. Whoever runs them, with a restore's empty search_path too, they find their tables,
-- functions and text search configurations.
ALTER FUNCTION search_clean(text) SET search_path = public, pg_catalog;
--> statement-breakpoint
ALTER FUNCTION search_vector(text, "char") SET search_path = public, pg_catalog;
--> statement-breakpoint
ALTER FUNCTION post_search_refresh(uuid[]) SET search_path = public, pg_catalog;
--> statement-breakpoint
ALTER FUNCTION post_similar_request(uuid[]) SET search_path = public, pg_catalog;
--> statement-breakpoint
ALTER FUNCTION posts_search_inserted() SET search_path = public, pg_catalog;
--> statement-breakpoint
ALTER FUNCTION posts_search_updated() SET search_path = public, pg_catalog;
--> statement-breakpoint
ALTER FUNCTION post_parts_search_changed() SET search_path = public, pg_catalog;
--> statement-breakpoint
ALTER FUNCTION replies_search_changed() SET search_path = public, pg_catalog;
--> statement-breakpoint
ALTER FUNCTION post_counts_apply() SET search_path = public, pg_catalog;
