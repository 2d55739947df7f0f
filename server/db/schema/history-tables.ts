import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { Recipe } from '../../../src/lib/recipe-schema.ts';

// A recipe's saved versions and the trash (migration 015-trash-and-history.sql is the source of truth; this mirrors
// it). Neither refers to recipes: a recipe in the trash has no row there.
export const recipeVersions = pgTable(
  'recipe_versions',
  {
    recipeId: integer('recipe_id').notNull(),
    version: integer('version').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
    savedBy: text('saved_by'),
    /** The recipe as the API answered it after that save. */
    content: jsonb('content').$type<Recipe>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.recipeId, t.version] }),
    index('recipe_versions_saved_at').on(t.savedAt),
    index('recipe_versions_version').on(t.version), // migration 016
  ],
);

export const recipeTrash = pgTable('recipe_trash', {
  recipeId: integer('recipe_id').primaryKey(),
  name: text('name').notNull(),
  author: text('author').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  version: integer('version').notNull(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
  deletedBy: text('deleted_by'),
});
