-- The bytes of each photo's files together (issue 35): an editor's unsaved uploads are capped by count and bytes
-- (PHOTO_UNSAVED_MAX_COUNT, PHOTO_UNSAVED_MAX_BYTES). Uploads from before count as 0 bytes; they are at most a day
-- old and swept. The cap's query reads an editor's unsaved uploads through this index.
ALTER TABLE photos ADD COLUMN stored_bytes bigint NOT NULL DEFAULT 0;
CREATE INDEX photos_unsaved_by ON photos (uploaded_by) WHERE recipe_id IS NULL;
