-- The live-event trigger functions name no schema; a restore (pg_dump sets an empty search_path) must still
-- find forum_event, so each function carries its own search path.
ALTER FUNCTION forum_event(json) SET search_path = public, pg_catalog;
--> statement-breakpoint
ALTER FUNCTION posts_announce() SET search_path = public, pg_catalog;
--> statement-breakpoint
ALTER FUNCTION post_parts_announce() SET search_path = public, pg_catalog;
--> statement-breakpoint
ALTER FUNCTION replies_announce() SET search_path = public, pg_catalog;
--> statement-breakpoint
ALTER FUNCTION profiles_announce() SET search_path = public, pg_catalog;
--> statement-breakpoint
ALTER FUNCTION user_roles_announce() SET search_path = public, pg_catalog;
--> statement-breakpoint
ALTER FUNCTION sessions_announce() SET search_path = public, pg_catalog;
