-- post_search.created_in: the year, month and day (UTC) a post was created, as lexemes ('y2026', 'm202611',
-- 'd20261120'), in the full-text index beside the document, so a search for a common word reads only the
-- matches since a day (see modules/search/repo.ts). IMMUTABLE: the UTC calendar fields of a timestamptz.
CREATE FUNCTION search_created_in(t timestamptz) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
SET search_path = public, pg_catalog AS $$
  SELECT array_to_tsvector(ARRAY['y' || y, 'm' || y || m, 'd' || y || m || d])
  FROM (SELECT extract(year FROM u)::int::text AS y, lpad(extract(month FROM u)::int::text, 2, '0') AS m,
    lpad(extract(day FROM u)::int::text, 2, '0') AS d FROM (SELECT t AT TIME ZONE 'UTC' AS u) x) f
$$;
--> statement-breakpoint
DROP INDEX "post_search_document_idx";--> statement-breakpoint
ALTER TABLE "post_search" ADD COLUMN "created_in" "tsvector" GENERATED ALWAYS AS (search_created_in(created_at)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "post_search_document_idx" ON "post_search" USING gin ("document","created_in");