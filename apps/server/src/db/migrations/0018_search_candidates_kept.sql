-- post_search carries each post's created_at (a search ranks a common word's newest 1,001 matches, read
-- backwards through post_search_created_idx). Same function as 0014 otherwise, with its search path (0016).
CREATE OR REPLACE FUNCTION post_search_refresh(p_ids uuid[]) RETURNS void LANGUAGE sql
SET search_path = public, pg_catalog AS $$
  WITH src AS (
    SELECT p.id, p.status, p.topic, p.created_at,
      concat_ws(' ', p.title, (SELECT string_agg(t.tag, ' ') FROM post_tags t WHERE t.post_id = p.id)) AS a,
      concat_ws(' ', p.description, (
        SELECT string_agg(concat_ws(' ', i.detected_object, i.user_confirmed_object, array_to_string(i.key_features, ' ')), ' ')
        FROM post_images i WHERE i.post_id = p.id)) AS b,
      (SELECT left(string_agg(r.content, ' ' ORDER BY r.created_at, r.id), 100000)
       FROM (SELECT content, created_at, id FROM replies WHERE post_id = p.id ORDER BY created_at, id LIMIT 50) r) AS c,
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
UPDATE post_search s SET created_at = p.created_at FROM posts p WHERE p.id = s.post_id AND s.created_at <> p.created_at;
