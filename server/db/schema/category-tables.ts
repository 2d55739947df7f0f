import { index, integer, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { recipes } from './recipe-tables.ts';

// Categories and the recipes that name them (migration 010-organise.sql is the source of truth for the DDL; this
// mirrors it). `key` is src/lib/organise.ts's categoryKey(name): one row per category whatever its letter case, `name`
// the first spelling.
export const categories = pgTable('categories', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
});

export const recipeCategories = pgTable(
  'recipe_categories',
  {
    recipeId: integer('recipe_id')
      .notNull()
      .references(() => recipes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
  },
  (t) => [
    primaryKey({ columns: [t.recipeId, t.position] }),
    unique().on(t.recipeId, t.categoryId),
    index('recipe_categories_category').on(t.categoryId, t.recipeId),
  ],
);
