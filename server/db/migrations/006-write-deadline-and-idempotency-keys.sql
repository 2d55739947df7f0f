-- A write the client was told failed must never commit later. A request gives up on the database after
-- DB_REQUEST_TIMEOUT_MS; its write transaction carries that moment (epoch milliseconds) in the setting
-- recipe_book.write_deadline, and this deferred trigger, run as part of COMMIT, refuses to commit once
-- the database's clock has passed it (a server frozen mid-transaction resumes and rolls back). Writes
-- without the setting (seeding, raw SQL) are not affected.
CREATE FUNCTION check_write_deadline() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deadline text := current_setting('recipe_book.write_deadline', true);
BEGIN
  IF deadline IS NOT NULL AND deadline <> '' AND extract(epoch FROM clock_timestamp()) * 1000 > deadline::double precision THEN
    RAISE EXCEPTION 'write deadline passed: the client was told this write failed' USING ERRCODE = '57014';
  END IF;
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER recipes_write_deadline AFTER INSERT OR UPDATE OR DELETE ON recipes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION check_write_deadline();

-- POST /recipes with an Idempotency-Key: the first answer per (author, key), replayed to a retry with
-- the same body; claimed in the same transaction as the recipe, so two API processes racing on one key
-- make one recipe (the second waits on the primary key, then finds the first's answer).
CREATE TABLE idempotency_keys (
  author text NOT NULL,
  key text NOT NULL,
  body_hash text NOT NULL,
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (author, key)
);
CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);
