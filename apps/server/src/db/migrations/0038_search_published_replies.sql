-- Issue 26: only published replies are a question's search text. A pending reply (a new member's first, an edit
-- of a hidden one) or a hidden one (flags) made its question findable by its words, and put them among the words
-- searches are corrected to, for people who cannot see it. Same function as 0018 but for the replies' status; the
-- replies' trigger also rebuilds a question when a reply's status changes (hidden, approved, restored).
CREATE OR REPLACE FUNCTION post_search_refresh(p_ids uuid[]) RETURNS void LANGUAGE sql
SET search_path = public, pg_catalog AS $$
  WITH src AS (
    SELECT p.id, p.status, p.topic, p.created_at,
      concat_ws(' ', p.title, (SELECT string_agg(t.tag, ' ') FROM post_tags t WHERE t.post_id = p.id)) AS a,
      concat_ws(' ', p.description, (
        SELECT string_agg(concat_ws(' ', i.detected_object, i.user_confirmed_object, array_to_string(i.key_features, ' ')), ' ')
        FROM post_images i WHERE i.post_id = p.id)) AS b,
      (SELECT left(string_agg(r.content, ' ' ORDER BY r.created_at, r.id), 100000)
       FROM (SELECT content, created_at, id FROM replies WHERE post_id = p.id AND status = 'published'
             ORDER BY created_at, id LIMIT 50) r) AS c,
      (SELECT left(string_agg(i.visible_text, ' ' ORDER BY i.display_order), 10000) FROM post_images i WHERE i.post_id = p.id) AS d
    FROM posts p WHERE p.id = ANY(p_ids)
  ), docs AS (
    SELECT id, status, topic, created_at,
      search_vector(a, 'A') || search_vector(b, 'B') || search_vector(c, 'C') || search_vector(d, 'D') AS document,
      concat_ws(' ', a, b, c, d) AS all_text
    FROM src
  ), saved AS (
    INSERT INTO post_search (post_id, document, status, topic, created_at, updated_at)
    SELECT id, document, status, topic, created_at, now() FROM docs
    ON CONFLICT (post_id) DO UPDATE
      SET document = EXCLUDED.document, status = EXCLUDED.status, topic = EXCLUDED.topic,
        created_at = EXCLUDED.created_at, updated_at = EXCLUDED.updated_at
  )
  INSERT INTO search_words (word)
  SELECT DISTINCT u.lexeme
  FROM docs, unnest(to_tsvector('simple'::regconfig, search_clean(docs.all_text))) u
  WHERE docs.status IN ('open', 'solved') AND length(u.lexeme) BETWEEN 3 AND 40 AND u.lexeme ~ '[[:alpha:]]'
  ON CONFLICT (word) DO NOTHING;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION replies_search_changed() RETURNS trigger LANGUAGE plpgsql
SET search_path = public, pg_catalog AS $$
DECLARE ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT post_id) INTO ids FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT post_id) INTO ids FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT n.post_id) INTO ids FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.content, n.status) IS DISTINCT FROM (o.content, o.status);
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM post_search_refresh(ids);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
SELECT post_search_refresh(ARRAY(SELECT DISTINCT post_id FROM replies WHERE status <> 'published'));
