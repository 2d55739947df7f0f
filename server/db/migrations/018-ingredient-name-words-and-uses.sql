-- No read holds the server (issue 52, docs/decisions/055-find-recipes-by-content.md). A word of one or two letters in
-- "Med …" is matched as a whole word of a name; migration 017 did that with translate() over every row of
-- ingredient_names (no trigram narrows it), on PGlite on the event loop: 0.8 s at 36,000 names. Now each name's
-- words are an array under a GIN index, and the word is one index lookup. Names no recipe holds any longer are
-- removed: each name counts the recipes holding it.

-- A name's words as the filter reads them (src/lib/recipe-filters.ts's nameHasStem): lower case, split at spaces
-- and WORD_BREAKS. lower() follows the database's ctype (C.UTF-8 on both: Ä -> ä, Ω -> ω).
CREATE FUNCTION ingredient_name_words(name text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_remove(regexp_split_to_array(lower(name), '[[:space:],.;:()/-]+'), '')
$$;
CREATE INDEX ingredient_names_words ON ingredient_names USING gin (ingredient_name_words(name))
  WITH (fastupdate = off);

-- How many recipes hold the name (recipe_ingredient_names); a name at 0 is removed by the write that made it so.
ALTER TABLE ingredient_names ADD COLUMN uses integer NOT NULL DEFAULT 0;
UPDATE ingredient_names n SET uses = c.uses
  FROM (SELECT unnest(name_ids) AS id, count(*) AS uses FROM recipe_ingredient_names GROUP BY 1) c
 WHERE c.id = n.id;
DELETE FROM ingredient_names WHERE uses = 0;

-- One recipe's row, from its ingredients as they are now, and the counts of the names it gained and lost. The rows
-- of every name it holds or held are locked in id order first (concurrent writers on PostgreSQL then wait for each
-- other instead of deadlocking); a name another writer removed meanwhile is written again.
CREATE OR REPLACE FUNCTION write_recipe_ingredient_names(recipe integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  old_ids integer[] := coalesce((SELECT name_ids FROM recipe_ingredient_names WHERE recipe_id = recipe), '{}');
  new_ids integer[];
BEGIN
  INSERT INTO ingredient_names (name) SELECT DISTINCT name FROM ingredients WHERE recipe_id = recipe
    ON CONFLICT (name) DO NOTHING;
  PERFORM 1 FROM ingredient_names
    WHERE id = ANY (old_ids) OR name IN (SELECT name FROM ingredients WHERE recipe_id = recipe)
    ORDER BY id FOR UPDATE;
  INSERT INTO ingredient_names (name) SELECT DISTINCT name FROM ingredients WHERE recipe_id = recipe
    ON CONFLICT (name) DO NOTHING;
  SELECT coalesce(array_agg(DISTINCT n.id ORDER BY n.id), '{}') INTO new_ids
    FROM ingredients i JOIN ingredient_names n ON n.name = i.name WHERE i.recipe_id = recipe;
  INSERT INTO recipe_ingredient_names (recipe_id, name_ids) VALUES (recipe, new_ids)
    ON CONFLICT (recipe_id) DO UPDATE SET name_ids = EXCLUDED.name_ids;
  UPDATE ingredient_names SET uses = uses + 1 WHERE id = ANY (new_ids) AND NOT id = ANY (old_ids);
  UPDATE ingredient_names SET uses = uses - 1 WHERE id = ANY (old_ids) AND NOT id = ANY (new_ids);
  DELETE FROM ingredient_names WHERE id = ANY (old_ids) AND uses <= 0;
END
$$;

-- A recipe's row goes with the recipe (ON DELETE CASCADE: DELETE to the trash, an erase): its names count one less.
CREATE FUNCTION forget_recipe_ingredient_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM ingredient_names WHERE id = ANY (OLD.name_ids) ORDER BY id FOR UPDATE;
  UPDATE ingredient_names SET uses = uses - 1 WHERE id = ANY (OLD.name_ids);
  DELETE FROM ingredient_names WHERE id = ANY (OLD.name_ids) AND uses <= 0;
  RETURN NULL;
END
$$;
CREATE TRIGGER recipe_ingredient_names_forget AFTER DELETE ON recipe_ingredient_names
  FOR EACH ROW EXECUTE FUNCTION forget_recipe_ingredient_names();

-- Bulk loads (bench/bulk-seed.ts): the rows of every recipe that has none, and their names' counts.
CREATE OR REPLACE FUNCTION write_missing_ingredient_names() RETURNS void LANGUAGE sql AS $$
  INSERT INTO ingredient_names (name) SELECT DISTINCT name FROM ingredients ON CONFLICT (name) DO NOTHING;
  WITH added AS (
    INSERT INTO recipe_ingredient_names (recipe_id, name_ids)
      SELECT r.id, coalesce(array_agg(DISTINCT n.id ORDER BY n.id) FILTER (WHERE n.id IS NOT NULL), '{}')
        FROM recipes r
        LEFT JOIN ingredients i ON i.recipe_id = r.id
        LEFT JOIN ingredient_names n ON n.name = i.name
       WHERE NOT EXISTS (SELECT 1 FROM recipe_ingredient_names x WHERE x.recipe_id = r.id)
       GROUP BY r.id
    RETURNING name_ids)
  UPDATE ingredient_names n SET uses = n.uses + c.uses
    FROM (SELECT unnest(name_ids) AS id, count(*) AS uses FROM added GROUP BY 1) c
   WHERE c.id = n.id;
  DELETE FROM ingredient_names WHERE uses = 0;
$$;
