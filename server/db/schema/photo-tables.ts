import { bigint, customType, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { PhotoFile } from '../../../src/lib/photo-schema.ts';
import { recipes } from './recipe-tables.ts';

// Photos and their files (migration 009-photos.sql is the source of truth for the DDL; this mirrors it).
export const photos = pgTable(
  'photos',
  {
    id: text('id').primaryKey(),
    // null: uploaded, not yet saved with a recipe.
    recipeId: integer('recipe_id').references(() => recipes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    alt: text('alt').notNull().default(''),
    uploadedBy: text('uploaded_by').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    placeholder: text('placeholder').notNull(),
    files: jsonb('files').$type<PhotoFile[]>().notNull(),
    // The files' bytes together (migration 012): the cap on an editor's unsaved uploads counts them.
    storedBytes: bigint('stored_bytes', { mode: 'number' }).notNull().default(0),
    // Migration 015: no recipe shows it any more, but a saved version of this recipe names it (kept until none does).
    keptFor: integer('kept_for'),
  },
  (t) => [index('photos_recipe').on(t.recipeId, t.position)],
);

// Both drivers hand bytea over as a Uint8Array (postgres.js as a Buffer, which is one).
const bytea = customType<{ data: Uint8Array }>({ dataType: () => 'bytea' });

// The database store's bytes (server/photos/database-store.ts); empty when photos live in S3.
export const photoFiles = pgTable('photo_files', {
  file: text('file').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
});

export type PhotoRow = typeof photos.$inferSelect;
