-- Kept pages are compressed with lz4 where the server has it (decision 039): writing a 39 KB post page costs about a
-- quarter of pglz's CPU, and reading it back less too. A server built without lz4 keeps pglz.
DO $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)
  ) THEN
    EXECUTE 'ALTER TABLE rendered_pages ALTER COLUMN content SET COMPRESSION lz4';
  END IF;
END $$;
