-- Finding a recipe by what is in it, how long it takes and words in any field (issue 40,
-- docs/decisions/055-find-recipes-by-content.md). Both databases answer from indexes, never by reading every row.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- "Med …": each word is `name ILIKE '%stem%'` over the ingredients (src/lib/recipe-filters.ts's rule), which the
-- trigram index answers as migration 004's does the names (fastupdate off for the same reason: no autovacuum).
CREATE INDEX ingredients_name_trgm ON ingredients USING gin (name gin_trgm_ops) WITH (fastupdate = off);

-- "Högst N min": total time, or preparation time where no total is set; recipes with neither are left out.
CREATE INDEX recipes_minutes ON recipes ((coalesce(total_minutes, prep_minutes)))
  WHERE coalesce(total_minutes, prep_minutes) IS NOT NULL;

-- Words anywhere: one document per recipe, stemmed with the 'swedish' configuration (å, ä and ö stay letters; no
-- unaccent), the name weighing most, then ingredients and categories, then the instructions.
CREATE TABLE recipe_texts (
  recipe_id integer PRIMARY KEY REFERENCES recipes (id) ON DELETE CASCADE,
  document tsvector NOT NULL
);
CREATE INDEX recipe_texts_document ON recipe_texts USING gin (document) WITH (fastupdate = off);

CREATE FUNCTION recipe_document(recipe integer) RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('swedish', r.name), 'A')
      || setweight(to_tsvector('swedish', coalesce(
           (SELECT string_agg(i.name, ' ' ORDER BY i.position) FROM ingredients i WHERE i.recipe_id = r.id), '')), 'B')
      || setweight(to_tsvector('swedish', coalesce(
           (SELECT string_agg(c.name, ' ' ORDER BY rc.position)
              FROM recipe_categories rc JOIN categories c ON c.id = rc.category_id
             WHERE rc.recipe_id = r.id), '')), 'B')
      || setweight(to_tsvector('swedish', r.instructions), 'C')
  FROM recipes r WHERE r.id = recipe
$$;

-- Every write of a recipe's content touches its row (the API's writes, the transfer and collection imports, the
-- bench's bulk load; an ingredient written alone relabels its recipe, migration 007). The document is written at
-- COMMIT (a deferred trigger), when the recipe's ingredients and categories of that transaction are all in place,
-- whatever order they were written in. A recipe deleted before its commit has no row left and gets no document.
CREATE FUNCTION write_recipe_document() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  doc tsvector := recipe_document(NEW.id);
BEGIN
  IF doc IS NOT NULL THEN
    INSERT INTO recipe_texts (recipe_id, document) VALUES (NEW.id, doc)
      ON CONFLICT (recipe_id) DO UPDATE SET document = EXCLUDED.document;
  END IF;
  RETURN NULL;
END
$$;
CREATE CONSTRAINT TRIGGER recipes_document AFTER INSERT OR UPDATE ON recipes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION write_recipe_document();

-- The recipes already in the book.
INSERT INTO recipe_texts (recipe_id, document) SELECT id, recipe_document(id) FROM recipes;
