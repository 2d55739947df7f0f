-- Recipes and their ordered ingredients. Validation lives in src/lib/recipe-schema.ts; the checks
-- here are a last line of defence so no code path can store an impossible recipe.
CREATE TABLE recipes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
  author text NOT NULL,
  instructions text NOT NULL DEFAULT '' CHECK (length(instructions) <= 10000),
  servings integer NOT NULL CHECK (servings BETWEEN 1 AND 100),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE ingredients (
  recipe_id integer NOT NULL REFERENCES recipes (id) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position >= 0),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 34),
  quantity_value double precision,
  unit text CHECK (unit IN ('LITER', 'DECILITER', 'MILLILITER', 'TABLESPOON', 'TEASPOON', 'PINCH',
                            'GRAM', 'KILOGRAM', 'MILLIGRAM', 'PIECES', 'NONE')),
  PRIMARY KEY (recipe_id, position), -- also the index for "ingredients of recipe X"
  CHECK ((quantity_value IS NULL) = (unit IS NULL))
);
