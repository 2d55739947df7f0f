-- An ingredient's note (issue 37): what goes with it beside its name ('siktat', '1 cup' as the imported page wrote
-- it), shown after the name. Null when it has none: older rows keep working, and the API leaves the key out. The
-- API's schema (src/lib/recipe-schema.ts, ingredientNoteSchema) is the rule; the CHECK is the last line of defence.
ALTER TABLE ingredients ADD COLUMN note text CHECK (char_length(note) BETWEEN 1 AND 100);
