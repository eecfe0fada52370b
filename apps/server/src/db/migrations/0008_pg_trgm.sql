-- Trigram similarity for typo-tolerant search (ships with PostgreSQL's contrib, also on PostgreSQL 15).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
