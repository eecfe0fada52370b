-- A search's ranking statements (modules/search/repo.ts: rankedMatches) in one round trip, with the path chosen for
-- them: no transaction, EXPLAIN or set_config of their own. Each statement answers (found, id, rank) rows, found in
-- every row; the first whose found reaches `enough`, or the last, is the answer (a window of the newest posts that
-- held too few matches is followed by a wider one). They read their values as $1[1], $1[2], ... (text, cast where
-- used); the planner sees them as constants. Never a scan of every document: the candidates are read through the
-- full-text index's bitmap, or (newest_first) newest first through post_search_created_idx. The SET clauses keep
-- these settings, and the set_config below, to the call.
CREATE TYPE search_ranked AS (found int, id uuid, rank float8);
--> statement-breakpoint
CREATE FUNCTION search_with_plan(newest_first boolean, statements text[], args text[], enough int)
RETURNS SETOF search_ranked LANGUAGE plpgsql
SET enable_seqscan = off SET enable_bitmapscan = on SET enable_indexscan = off AS $$
DECLARE
  answer search_ranked[];
BEGIN
  IF newest_first THEN
    PERFORM set_config('enable_bitmapscan', 'off', true), set_config('enable_indexscan', 'on', true);
  END IF;
  FOR i IN 1 .. cardinality(statements) LOOP
    EXECUTE 'SELECT array_agg(row(r.found, r.id, r.rank)::search_ranked) FROM (' || statements[i] || E'\n) r'
      INTO answer USING args;
    EXIT WHEN answer[1].found >= enough;
  END LOOP;
  RETURN QUERY SELECT * FROM unnest(answer);
END
$$;
