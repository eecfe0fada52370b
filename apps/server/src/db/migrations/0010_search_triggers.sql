-- Search documents, the public word list and the similar-posts outbox, kept by statement-level triggers
-- (one refresh per statement, however many rows it touches). Also PostgreSQL 15 SQL.

-- Text as the search parser should read it: '<' and '>' would make '<spline>' an HTML tag and drop it.
CREATE OR REPLACE FUNCTION search_clean(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(coalesce(t, ''), '<>', '  ')
$$;
--> statement-breakpoint
-- Stemmed ('english') and exact ('simple') lexemes of one part, at one weight.
CREATE OR REPLACE FUNCTION search_vector(t text, w "char") RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english'::regconfig, search_clean(t)), w)
      || setweight(to_tsvector('simple'::regconfig, search_clean(t)), w)
$$;
--> statement-breakpoint
-- Rebuilds the documents of these posts: title and tags A; description and the photos' detected, confirmed
-- objects and key features B; the first 50 replies (at most 100,000 characters) C; visible text D.
-- The words of public posts join the word list (typo correction); pending and denied text never does.
CREATE OR REPLACE FUNCTION post_search_refresh(p_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  WITH src AS (
    SELECT p.id, p.status,
      concat_ws(' ', p.title, (SELECT string_agg(t.tag, ' ') FROM post_tags t WHERE t.post_id = p.id)) AS a,
      concat_ws(' ', p.description, (
        SELECT string_agg(concat_ws(' ', i.detected_object, i.user_confirmed_object, array_to_string(i.key_features, ' ')), ' ')
        FROM post_images i WHERE i.post_id = p.id)) AS b,
      (SELECT left(string_agg(r.content, ' ' ORDER BY r.created_at, r.id), 100000)
       FROM (SELECT content, created_at, id FROM replies WHERE post_id = p.id ORDER BY created_at, id LIMIT 50) r) AS c,
      (SELECT left(string_agg(i.visible_text, ' ' ORDER BY i.display_order), 10000) FROM post_images i WHERE i.post_id = p.id) AS d
    FROM posts p WHERE p.id = ANY(p_ids)
  ), docs AS (
    SELECT id, status,
      search_vector(a, 'A') || search_vector(b, 'B') || search_vector(c, 'C') || search_vector(d, 'D') AS document,
      concat_ws(' ', a, b, c, d) AS all_text
    FROM src
  ), saved AS (
    INSERT INTO post_search (post_id, document, updated_at)
    SELECT id, document, now() FROM docs
    ON CONFLICT (post_id) DO UPDATE SET document = EXCLUDED.document, updated_at = EXCLUDED.updated_at
  )
  INSERT INTO search_words (word)
  SELECT DISTINCT u.lexeme
  FROM docs, unnest(to_tsvector('simple'::regconfig, search_clean(docs.all_text))) u
  WHERE docs.status IN ('open', 'solved') AND length(u.lexeme) BETWEEN 3 AND 40 AND u.lexeme ~ '[[:alpha:]]'
  ON CONFLICT (word) DO NOTHING;
$$;
--> statement-breakpoint
-- Public posts whose similar list is due: queued in this transaction, announced to the worker.
CREATE OR REPLACE FUNCTION post_similar_request(p_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO post_similar_queue (post_id, requested_at)
  SELECT id, now() FROM posts WHERE id = ANY(p_ids) AND status IN ('open', 'solved')
  ON CONFLICT (post_id) DO UPDATE SET requested_at = EXCLUDED.requested_at;
  IF FOUND THEN
    PERFORM pg_notify('post_similar_due', '');
  END IF;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION posts_search_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids uuid[];
BEGIN
  SELECT array_agg(id) INTO ids FROM new_rows;
  PERFORM post_search_refresh(ids);
  PERFORM post_similar_request(ids);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Likes and counters update posts too: only a new title, description or status rebuilds anything.
CREATE OR REPLACE FUNCTION posts_search_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids uuid[];
BEGIN
  SELECT array_agg(n.id) INTO ids FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE (n.title, n.description, n.status) IS DISTINCT FROM (o.title, o.description, o.status);
  IF ids IS NOT NULL THEN
    PERFORM post_search_refresh(ids);
    PERFORM post_similar_request(ids);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER posts_search_insert AFTER INSERT ON posts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION posts_search_inserted();
--> statement-breakpoint
CREATE TRIGGER posts_search_update AFTER UPDATE ON posts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION posts_search_updated();
--> statement-breakpoint
-- Tags and photos (detections included) change the document and the similar list.
CREATE OR REPLACE FUNCTION post_parts_search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids uuid[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT post_id) INTO ids FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT post_id) INTO ids FROM new_rows;
  END IF;
  PERFORM post_search_refresh(ids);
  PERFORM post_similar_request(ids);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER post_tags_search_insert AFTER INSERT ON post_tags
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION post_parts_search_changed();
--> statement-breakpoint
CREATE TRIGGER post_tags_search_delete AFTER DELETE ON post_tags
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION post_parts_search_changed();
--> statement-breakpoint
CREATE TRIGGER post_images_search_insert AFTER INSERT ON post_images
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION post_parts_search_changed();
--> statement-breakpoint
CREATE TRIGGER post_images_search_update AFTER UPDATE ON post_images
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION post_parts_search_changed();
--> statement-breakpoint
CREATE TRIGGER post_images_search_delete AFTER DELETE ON post_images
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION post_parts_search_changed();
--> statement-breakpoint
-- Replies: only their text counts (a pin toggle rebuilds nothing). Other triggers on replies are left alone.
CREATE OR REPLACE FUNCTION replies_search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT post_id) INTO ids FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT post_id) INTO ids FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT n.post_id) INTO ids FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.content IS DISTINCT FROM o.content;
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM post_search_refresh(ids);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER replies_search_insert AFTER INSERT ON replies
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION replies_search_changed();
--> statement-breakpoint
CREATE TRIGGER replies_search_update AFTER UPDATE ON replies
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION replies_search_changed();
--> statement-breakpoint
CREATE TRIGGER replies_search_delete AFTER DELETE ON replies
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION replies_search_changed();
--> statement-breakpoint
SELECT post_search_refresh(ARRAY(SELECT id FROM posts));
--> statement-breakpoint
SELECT post_similar_request(ARRAY(SELECT id FROM posts));
--> statement-breakpoint
-- Similar titles (pg_trgm) for 'similar questions'; hand-written here because the posts schema is shared.
CREATE INDEX IF NOT EXISTS posts_title_trgm_idx ON posts USING gin (title gin_trgm_ops);
