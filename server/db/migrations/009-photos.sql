-- Photos (issue 23, docs/photos.md). An upload is a row with no recipe until a recipe body names it and is saved;
-- unsaved uploads older than a day are swept. `files` lists what the photo is served as
-- ([{use, format, width, height, file}], src/lib/photo-schema.ts's PhotoFile); the bytes are in photo_files (the
-- database store) or in an S3 bucket, named by their content (`<sha256>.<ext>`), so two uploads of the same
-- picture share them: a file is removed when no photo lists it any more (the GIN index answers that).
CREATE TABLE photos (
  id text PRIMARY KEY,
  recipe_id integer REFERENCES recipes (id) ON DELETE CASCADE,
  position integer NOT NULL DEFAULT 0,
  alt text NOT NULL DEFAULT '',
  uploaded_by text NOT NULL,
  uploaded_at timestamptz NOT NULL DEFAULT now(),
  width integer NOT NULL,
  height integer NOT NULL,
  placeholder text NOT NULL,
  files jsonb NOT NULL
);
CREATE INDEX photos_recipe ON photos (recipe_id, position);
CREATE INDEX photos_unsaved ON photos (uploaded_at) WHERE recipe_id IS NULL;
CREATE INDEX photos_files ON photos USING gin (files jsonb_path_ops);

CREATE TABLE photo_files (
  file text PRIMARY KEY,
  content_type text NOT NULL,
  bytes bytea NOT NULL
);
-- JPEG, WebP and AVIF are compressed already: stored out of line as they are, without PostgreSQL trying to compress
-- them again (a 760 KB file went in a third faster on PGlite).
ALTER TABLE photo_files ALTER COLUMN bytes SET STORAGE EXTERNAL;
