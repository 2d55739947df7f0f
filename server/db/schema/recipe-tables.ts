import {
  bigint,
  boolean,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

// Recipes and their ordered ingredients (migration 001-recipes.sql is the source of truth for the DDL;
// this file mirrors it for typed queries).
export const recipes = pgTable('recipes', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  author: text('author').notNull(),
  instructions: text('instructions').notNull().default(''),
  servings: integer('servings').notNull(),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  // The list stamp of the last transaction that wrote this recipe or its ingredients (migration 007,
  // set by a trigger whatever the insert says).
  changedAt: bigint('changed_at', { mode: 'bigint' }).notNull().default(0n),
  // Issue 25 (migration 010): times in minutes and where the recipe came from; null when not given.
  prepMinutes: integer('prep_minutes'),
  totalMinutes: integer('total_minutes'),
  sourceUrl: text('source_url'),
  sourceName: text('source_name'),
});

export const ingredients = pgTable(
  'ingredients',
  {
    recipeId: integer('recipe_id')
      .notNull()
      .references(() => recipes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    // Both null (no quantity) or both set; NONE is a unit key like the others.
    quantityValue: doublePrecision('quantity_value'),
    unit: text('unit'),
    // Migration 010: the heading of the section this ingredient starts (null: none), and "do not scale".
    heading: text('heading'),
    doNotScale: boolean('do_not_scale').notNull().default(false),
    // Migration 013: what goes with the ingredient beside its name ('siktat'); null: none.
    note: text('note'),
  },
  // The primary key (recipe_id, position) also serves lookups by recipe.
  (t) => [primaryKey({ columns: [t.recipeId, t.position] })],
);

// The list's change stamp (migration 003): one row that triggers bump on every write to the tables above.
export const recipeListStamp = pgTable('recipe_list_stamp', {
  id: boolean('id').primaryKey().default(true),
  n: bigint('n', { mode: 'bigint' }).notNull(),
  rebuildFrom: bigint('rebuild_from', { mode: 'bigint' }).notNull().default(0n),
});

// Recipes deleted, with the stamp of the deleting transaction (migration 007; kept a week).
export const recipeDeletions = pgTable('recipe_deletions', {
  id: integer('id').notNull(),
  stamp: bigint('stamp', { mode: 'bigint' }).notNull(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
});

// POST's Idempotency-Key (migration 006): the first answer per author and key.
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    author: text('author').notNull(),
    key: text('key').notNull(),
    bodyHash: text('body_hash').notNull(),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.author, t.key] })],
);

export type RecipeRow = typeof recipes.$inferSelect;
