-- The history's sweep (issue 41) asks which recipes have more saved versions than HISTORY_MAX_VERSIONS. Only a
-- recipe with a version numbered above the limit can, so an index on the number finds the few candidates; without
-- it the question read every recipe (about 0.3 s at 100,000 recipes, on PGlite holding its one connection).
CREATE INDEX recipe_versions_version ON recipe_versions (version);
