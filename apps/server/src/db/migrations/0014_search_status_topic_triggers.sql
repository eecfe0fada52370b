-- post_search carries each post's status and topic, so searches filter and rank without joining posts
-- (a join let the planner scan every post for a rare word).
CREATE OR REPLACE FUNCTION post_search_refresh(p_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  WITH src AS (
    SELECT p.id, p.status, p.topic,
      concat_ws(' ', p.title, (SELECT string_agg(t.tag, ' ') FROM post_tags t WHERE t.post_id = p.id)) AS a,
      concat_ws(' ', p.description, (
        SELECT string_agg(concat_ws(' ', i.detected_object, i.user_confirmed_object, array_to_string(i.key_features, ' ')), ' ')
        FROM post_images i WHERE i.post_id = p.id)) AS b,
      (SELECT left(string_agg(r.content, ' ' ORDER BY r.created_at, r.id), 100000)
       FROM (SELECT content, created_at, id FROM replies WHERE post_id = p.id ORDER BY created_at, id LIMIT 50) r) AS c,
      (SELECT left(string_agg(i.visible_text, ' ' ORDER BY i.display_order), 10000) FROM post_images i WHERE i.post_id = p.id) AS d
    FROM posts p WHERE p.id = ANY(p_ids)
  ), docs AS (
    SELECT id, status, topic,
      search_vector(a, 'A') || search_vector(b, 'B') || search_vector(c, 'C') || search_vector(d, 'D') AS document,
      concat_ws(' ', a, b, c, d) AS all_text
    FROM src
  ), saved AS (
    INSERT INTO post_search (post_id, document, status, topic, updated_at)
    SELECT id, document, status, topic, now() FROM docs
    ON CONFLICT (post_id) DO UPDATE
      SET document = EXCLUDED.document, status = EXCLUDED.status, topic = EXCLUDED.topic, updated_at = EXCLUDED.updated_at
  )
  INSERT INTO search_words (word)
  SELECT DISTINCT u.lexeme
  FROM docs, unnest(to_tsvector('simple'::regconfig, search_clean(docs.all_text))) u
  WHERE docs.status IN ('open', 'solved') AND length(u.lexeme) BETWEEN 3 AND 40 AND u.lexeme ~ '[[:alpha:]]'
  ON CONFLICT (word) DO NOTHING;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION posts_search_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids uuid[];
BEGIN
  SELECT array_agg(n.id) INTO ids FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE (n.title, n.description, n.status, n.topic) IS DISTINCT FROM (o.title, o.description, o.status, o.topic);
  IF ids IS NOT NULL THEN
    PERFORM post_search_refresh(ids);
    PERFORM post_similar_request(ids);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
UPDATE post_search s SET status = p.status, topic = p.topic FROM posts p WHERE p.id = s.post_id;
