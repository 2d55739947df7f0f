-- "Med …" at any size (issue 40, docs/decisions/055-find-recipes-by-content.md). Migration 014 matched each word
-- against every ingredient row: a common word ("kanel" in four recipes of ten) rechecked most of the 60 MB table's
-- pages, and a one- or two-letter word gave its trigram index nothing to narrow by. A book has few distinct
-- ingredient names, so the word is matched against those, and the recipes holding them are read from a narrow table
-- of one row per recipe (its ingredients' name ids) through a GIN index.

-- Every ingredient name ever written, once. Names are not removed when the last ingredient of that name goes: a
-- name no recipe holds finds nothing (recipe_ingredient_names is the truth), and the table grows only with new names.
CREATE TABLE ingredient_names (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL UNIQUE
);
CREATE INDEX ingredient_names_trgm ON ingredient_names USING gin (name gin_trgm_ops) WITH (fastupdate = off);

-- Each recipe's ingredient names as ids (a narrow row: a common name's recipes are a few hundred pages, not the
-- ingredients' thousands). `name_ids && ARRAY[...]` is answered by the GIN index.
CREATE TABLE recipe_ingredient_names (
  recipe_id integer PRIMARY KEY REFERENCES recipes (id) ON DELETE CASCADE,
  name_ids integer[] NOT NULL
);
CREATE INDEX recipe_ingredient_names_ids ON recipe_ingredient_names USING gin (name_ids) WITH (fastupdate = off);

-- One recipe's row, from its ingredients as they are now.
CREATE FUNCTION write_recipe_ingredient_names(recipe integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO ingredient_names (name) SELECT DISTINCT name FROM ingredients WHERE recipe_id = recipe
    ON CONFLICT (name) DO NOTHING;
  INSERT INTO recipe_ingredient_names (recipe_id, name_ids)
    SELECT recipe, coalesce(array_agg(DISTINCT n.id ORDER BY n.id), '{}')
      FROM ingredients i JOIN ingredient_names n ON n.name = i.name WHERE i.recipe_id = recipe
    ON CONFLICT (recipe_id) DO UPDATE SET name_ids = EXCLUDED.name_ids;
$$;

-- The rows of every recipe that has none, in two statements (the migration below; bulk loads, bench/bulk-seed.ts).
CREATE FUNCTION write_missing_ingredient_names() RETURNS void LANGUAGE sql AS $$
  INSERT INTO ingredient_names (name) SELECT DISTINCT name FROM ingredients ON CONFLICT (name) DO NOTHING;
  INSERT INTO recipe_ingredient_names (recipe_id, name_ids)
    SELECT r.id, coalesce(array_agg(DISTINCT n.id ORDER BY n.id) FILTER (WHERE n.id IS NOT NULL), '{}')
      FROM recipes r
      LEFT JOIN ingredients i ON i.recipe_id = r.id
      LEFT JOIN ingredient_names n ON n.name = i.name
     WHERE NOT EXISTS (SELECT 1 FROM recipe_ingredient_names x WHERE x.recipe_id = r.id)
     GROUP BY r.id;
$$;

-- Written where migration 014 writes the full-text document: at COMMIT of every write of a recipe's content (its
-- row is touched by every path, an ingredient written alone included), so a read after a write sees it, as the words.
CREATE OR REPLACE FUNCTION write_recipe_document() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  doc tsvector := recipe_document(NEW.id);
BEGIN
  IF doc IS NOT NULL THEN
    INSERT INTO recipe_texts (recipe_id, document) VALUES (NEW.id, doc)
      ON CONFLICT (recipe_id) DO UPDATE SET document = EXCLUDED.document;
    PERFORM write_recipe_ingredient_names(NEW.id);
  END IF;
  RETURN NULL;
END
$$;

-- The recipes already in the book.
SELECT write_missing_ingredient_names();
