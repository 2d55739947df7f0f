-- Search is `name ILIKE '%q%'` (any case, anywhere in the name), which a b-tree cannot serve: without
-- this index every search reads the whole recipes table. A pg_trgm GIN index answers ILIKE with a
-- bitmap of candidate rows, and PostgreSQL rechecks each candidate with the real ILIKE, so results
-- are exactly those of the plain scan (Unicode case folding included). pg_trgm ships with PostgreSQL
-- (Debian: the postgresql package; a trusted extension, the database owner may create it) and with
-- PGlite (@electric-sql/pglite/contrib/pg_trgm, loaded in server/db/pglite.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
-- fastupdate = off: by default GIN parks new entries in a "pending list" that every search reads
-- linearly until a VACUUM merges it. PGlite runs no autovacuum, so that list would only ever be
-- merged when it reaches 4 MB. Writing each name's trigrams straight into the index costs a few
-- microseconds per recipe write, which a recipe book can afford.
CREATE INDEX recipes_name_trgm ON recipes USING gin (name gin_trgm_ops) WITH (fastupdate = off);
