-- Organising recipes (issue 25, docs/decisions/042-organise-recipes.md): times, where a recipe came from, ingredient
-- sections and ingredients that do not scale, and categories to browse by. The API's schemas
-- (src/lib/recipe-schema.ts) are the rules; the CHECKs here are the last line of defence against a write past them.
ALTER TABLE recipes
  ADD COLUMN prep_minutes integer CHECK (prep_minutes BETWEEN 0 AND 10080),
  ADD COLUMN total_minutes integer CHECK (total_minutes BETWEEN 0 AND 10080),
  ADD COLUMN source_url text CHECK (source_url ~* '^https?://[^\s/?#@]+([/?#]\S*)?$' AND char_length(source_url) <= 2048),
  ADD COLUMN source_name text CHECK (char_length(source_name) BETWEEN 1 AND 64);

-- An ingredient that starts a section carries the section's heading ('Till degen'); do_not_scale keeps its quantity
-- as written whatever the servings.
ALTER TABLE ingredients
  ADD COLUMN heading text CHECK (char_length(heading) BETWEEN 1 AND 64),
  ADD COLUMN do_not_scale boolean NOT NULL DEFAULT false;

-- One row per category, whatever the letter case recipes write it in: `key` is src/lib/organise.ts's categoryKey(name)
-- (computed in TypeScript: PGlite's lower() knows no Swedish rules), `name` the first spelling. A category no recipe
-- names any more is kept (its row costs nothing) and is not listed.
CREATE TABLE categories (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  key text NOT NULL UNIQUE CHECK (key <> ''),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 34)
);

-- A recipe's categories, in the order its editor gave them.
CREATE TABLE recipe_categories (
  recipe_id integer NOT NULL REFERENCES recipes (id) ON DELETE CASCADE,
  position integer NOT NULL,
  category_id integer NOT NULL REFERENCES categories (id),
  PRIMARY KEY (recipe_id, position),
  UNIQUE (recipe_id, category_id)
);
-- "Which recipes have this category": the counts, and a filter made in SQL.
CREATE INDEX recipe_categories_category ON recipe_categories (category_id, recipe_id);

-- A recipe's categories are part of it, like its ingredients (migrations 003 and 007): every write to them moves the
-- change stamp and labels the recipe, so the list cache, the name index and the ETags see it, through the API or not.
CREATE TRIGGER recipe_categories_list_stamp AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON recipe_categories
  FOR EACH STATEMENT EXECUTE FUNCTION bump_recipe_list_stamp();
CREATE TRIGGER recipe_categories_truncated AFTER TRUNCATE ON recipe_categories
  FOR EACH STATEMENT EXECUTE FUNCTION recipes_truncated();
CREATE TRIGGER recipe_categories_inserted AFTER INSERT ON recipe_categories REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION label_recipes_of_ingredients();
CREATE TRIGGER recipe_categories_updated AFTER UPDATE ON recipe_categories
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION label_recipes_of_ingredients();
CREATE TRIGGER recipe_categories_deleted AFTER DELETE ON recipe_categories REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION label_recipes_of_ingredients();

-- A category renamed past the API (SQL) changes every recipe that names it.
CREATE FUNCTION label_recipes_of_categories() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  stamp bigint := recipe_transaction_stamp();
BEGIN
  UPDATE recipes SET changed_at = stamp
  WHERE changed_at <> stamp
    AND id IN (SELECT rc.recipe_id FROM recipe_categories rc WHERE rc.category_id IN (SELECT id FROM new_rows));
  RETURN NULL;
END
$$;
CREATE TRIGGER categories_updated AFTER UPDATE ON categories REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION label_recipes_of_categories();
