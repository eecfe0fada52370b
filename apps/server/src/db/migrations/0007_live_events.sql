-- Live events (DESIGN.md 'Contracts the features share'): every change to posts, their images, video and tags,
-- replies, profiles, roles and sessions announces itself with pg_notify in the transaction that makes it, so a
-- rolled-back change is never announced and every code path (today's and later ones) is covered.
-- Payload: {"type": ..., ids...}; "to" names the member a private event is for; "sessionId" the session ended.
CREATE OR REPLACE FUNCTION forum_event(event json) RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('fenestra_events', event::text);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION posts_announce() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  post_id uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END;
BEGIN
  PERFORM forum_event(json_build_object('type', 'post.changed', 'postId', post_id));
  IF (TG_OP <> 'INSERT' AND OLD.status = 'pending') OR (TG_OP <> 'DELETE' AND NEW.status = 'pending') THEN
    PERFORM forum_event(json_build_object('type', 'pending.changed'));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER posts_announce AFTER INSERT OR UPDATE OR DELETE ON posts
  FOR EACH ROW EXECUTE FUNCTION posts_announce();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION post_parts_announce() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM forum_event(json_build_object('type', 'post.changed',
    'postId', CASE WHEN TG_OP = 'DELETE' THEN OLD.post_id ELSE NEW.post_id END));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER post_images_announce AFTER INSERT OR UPDATE OR DELETE ON post_images
  FOR EACH ROW EXECUTE FUNCTION post_parts_announce();
--> statement-breakpoint
CREATE TRIGGER post_videos_announce AFTER INSERT OR UPDATE OR DELETE ON post_videos
  FOR EACH ROW EXECUTE FUNCTION post_parts_announce();
--> statement-breakpoint
CREATE TRIGGER post_tags_announce AFTER INSERT OR UPDATE OR DELETE ON post_tags
  FOR EACH ROW EXECUTE FUNCTION post_parts_announce();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION replies_announce() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM forum_event(json_build_object('type', 'reply.deleted', 'postId', OLD.post_id, 'replyId', OLD.id));
  ELSE
    PERFORM forum_event(json_build_object('type', CASE WHEN TG_OP = 'INSERT' THEN 'reply.created' ELSE 'reply.updated' END,
      'postId', NEW.post_id, 'replyId', NEW.id));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER replies_announce AFTER INSERT OR UPDATE OR DELETE ON replies
  FOR EACH ROW EXECUTE FUNCTION replies_announce();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION profiles_announce() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  user_id text := CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END;
BEGIN
  PERFORM forum_event(json_build_object('type', 'profile.changed', 'userId', user_id));
  -- A ban or a deleted account ends every stream the member has open.
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND NEW.status = 'banned' AND OLD.status IS DISTINCT FROM 'banned') THEN
    PERFORM forum_event(json_build_object('type', 'session.revoked', 'to', user_id));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER profiles_announce AFTER INSERT OR UPDATE OR DELETE ON profiles
  FOR EACH ROW EXECUTE FUNCTION profiles_announce();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_roles_announce() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  user_id text := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END;
BEGIN
  PERFORM forum_event(json_build_object('type', 'role.changed', 'to', user_id));
  PERFORM forum_event(json_build_object('type', 'profile.changed', 'userId', user_id));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER user_roles_announce AFTER INSERT OR UPDATE OR DELETE ON user_roles
  FOR EACH ROW EXECUTE FUNCTION user_roles_announce();
--> statement-breakpoint
-- A session that ends (sign-out, revoked at a ban, account deleted) closes the streams opened with it.
CREATE OR REPLACE FUNCTION sessions_announce() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM forum_event(json_build_object('type', 'session.revoked', 'to', OLD.user_id, 'sessionId', OLD.id));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_announce AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION sessions_announce();
