-- Nothing irreversible (issue 41, docs/decisions/057-trash-and-history.md). Every save of a recipe keeps its content
-- as a version: the recipe as the API answered it then (photos with their files, categories, times, source), who
-- saved it and when. A deleted recipe's row goes (every read of recipes stays as it was) and a row in recipe_trash
-- says who deleted it and when; its versions stay, so 'Återställ' writes it back under the same id. Versions and
-- trash rows name recipes that may not exist (in the trash), so they have no foreign key to recipes.
CREATE TABLE recipe_versions (
  recipe_id integer NOT NULL,
  version integer NOT NULL,
  saved_at timestamptz NOT NULL DEFAULT now(),
  saved_by text,
  content jsonb NOT NULL,
  PRIMARY KEY (recipe_id, version)
);
CREATE INDEX recipe_versions_saved_at ON recipe_versions (saved_at);
-- Whether a version names a photo is asked of one recipe's versions at a time (the primary key finds them), so no
-- index on the content: it would only make every save slower.

CREATE TABLE recipe_trash (
  recipe_id integer PRIMARY KEY,
  name text NOT NULL,
  author text NOT NULL,
  created_at timestamptz NOT NULL,
  -- The version the recipe had when it was deleted: its content is that row of recipe_versions.
  version integer NOT NULL,
  deleted_at timestamptz NOT NULL DEFAULT now(),
  deleted_by text
);
CREATE INDEX recipe_trash_deleted_at ON recipe_trash (deleted_at);

-- A photo a recipe no longer shows (an edit removed it, or the recipe is in the trash) but a version still names:
-- no recipe has it (recipe_id null), kept_for says whose history keeps it. It is not an unsaved upload: the sweep of
-- those leaves it, and it counts toward nobody's cap. It goes when no version of that recipe names it any more.
ALTER TABLE photos ADD COLUMN kept_for integer;
CREATE INDEX photos_kept_for ON photos (kept_for) WHERE kept_for IS NOT NULL;

-- Recipes saved before this migration get their current content as their first version when first saved or deleted
-- (server/db/repositories/recipe-history-repository.ts): nothing is copied here, so the migration is instant at any size.
