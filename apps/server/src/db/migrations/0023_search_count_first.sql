-- search_with_plan (0022) with a count first: a search counts its matches on their own ('Found N', up to 1,001)
-- and ranks only the newest of them (modules/search/repo.ts: rankedMatches). count_statement (NULL for none) runs
-- before the ranking statements, always through the full-text index's bitmap (the SET clauses, before newest_first
-- changes them), and its count is every answered row's found; without it, found is the ranking statement's own.
DROP FUNCTION search_with_plan(boolean, text[], text[], int);
--> statement-breakpoint
CREATE FUNCTION search_with_plan(newest_first boolean, count_statement text, statements text[], args text[], enough int)
RETURNS SETOF search_ranked LANGUAGE plpgsql
SET enable_seqscan = off SET enable_bitmapscan = on SET enable_indexscan = off AS $$
DECLARE
  answer search_ranked[];
  total int;
BEGIN
  IF count_statement IS NOT NULL THEN
    EXECUTE count_statement INTO total USING args;
  END IF;
  IF newest_first THEN
    PERFORM set_config('enable_bitmapscan', 'off', true), set_config('enable_indexscan', 'on', true);
  END IF;
  FOR i IN 1 .. cardinality(statements) LOOP
    EXECUTE 'SELECT array_agg(row(r.found, r.id, r.rank)::search_ranked) FROM (' || statements[i] || E'\n) r'
      INTO answer USING args;
    EXIT WHEN answer[1].found >= enough;
  END LOOP;
  RETURN QUERY SELECT coalesce(total, a.found), a.id, a.rank FROM unnest(answer) a;
END
$$;
