-- A counter that every statement changing recipes or ingredients bumps (triggers, so raw SQL and bulk
-- loads count too). An API process compares it, one tiny query, with the stamp of its cached list;
-- on PostgreSQL this also notices writes made by other API processes.
CREATE TABLE recipe_list_stamp (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  n bigint NOT NULL
);
INSERT INTO recipe_list_stamp (n) VALUES (0);

CREATE FUNCTION bump_recipe_list_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE recipe_list_stamp SET n = n + 1;
  RETURN NULL;
END
$$;

CREATE TRIGGER recipes_list_stamp AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON recipes
  FOR EACH STATEMENT EXECUTE FUNCTION bump_recipe_list_stamp();
CREATE TRIGGER ingredients_list_stamp AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ingredients
  FOR EACH STATEMENT EXECUTE FUNCTION bump_recipe_list_stamp();
