import { and, eq, gt, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Thumbnail } from '../../../src/lib/photo-schema.ts';
import type { Recipe, RecipeInput } from '../../../src/lib/recipe-schema.ts';
import { compareRecipes } from '../../../src/lib/recipe-search.ts';
import {
  idempotencyKeys,
  ingredients,
  recipeDeletions,
  recipeListStamp as stampTable,
  recipes,
} from '../schema/recipe-tables.ts';
import { photos } from '../schema/photo-tables.ts';
import { categories, recipeCategories } from '../schema/category-tables.ts';
import type { AppDatabase } from '../index.ts';
import type { Transaction as Tx } from '../types.ts';
import {
  isoTime,
  contentColumns,
  ingredientRows,
  recipeColumns,
  recipeFromRow,
  recipeFromStored,
  storedIngredient,
  type StoredRecipe,
} from './recipe-rows.ts';
import { recipePhotoFiles, recipePhotos, setRecipePhotos } from './photo-repository.ts';
import { setRecipeCategories } from './category-repository.ts';
import {
  forgetHistory,
  inputOfVersion,
  keepCurrentVersion,
  readVersion,
  recordVersion,
  sameContent,
} from './recipe-history-repository.ts';

// Reads and writes of recipes. Returns null for "not found"; the routes turn that into 404.
// Sorting is done in JS with src/lib's compareRecipes (the site's rule too): PGlite's ICU has no
// Swedish rules (docs/decisions).

/** LIKE treats % _ and \ as special; a search for "50%" means the characters, not a pattern. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const fromRows = (rows: StoredRecipe[]) => rows.map(recipeFromStored);

/** Ids as one PostgreSQL array literal ('{1,2,3}'): whole numbers only, so nothing in it needs quoting. */
function idArray(ids: readonly number[]): string {
  if (!ids.every(Number.isSafeInteger)) throw new TypeError('recipe ids must be whole numbers');
  return `{${ids.join(',')}}`;
}

async function selectRecipes(db: AppDatabase, where: SQL | undefined): Promise<Recipe[]> {
  return fromRows(await db.select(recipeColumns).from(recipes).where(where));
}

// The two reads every page view makes (one recipe; the list's stamp) are built once per database
// instead of per request: building a drizzle query costs more CPU than PGlite takes to run it, and
// on PostgreSQL a named statement is parsed and planned once per connection.
function prepareHotReads(db: AppDatabase) {
  return {
    recipeById: db
      .select(recipeColumns)
      .from(recipes)
      .where(eq(recipes.id, sql.placeholder('id')))
      .prepare('recipe_by_id'),
    listStamp: db
      .select({ n: sql<string>`${stampTable.n}::text` })
      .from(stampTable)
      .prepare('recipe_list_stamp'),
  };
}
const hotReads = new WeakMap<AppDatabase, ReturnType<typeof prepareHotReads>>();
function prepared(db: AppDatabase): ReturnType<typeof prepareHotReads> {
  let statements = hotReads.get(db);
  if (!statements) hotReads.set(db, (statements = prepareHotReads(db)));
  return statements;
}

/** Every recipe (or those whose name contains `search`, any case), in Swedish order. */
export async function listRecipes(db: AppDatabase, search?: string): Promise<Recipe[]> {
  // PostgreSQL text cannot hold NUL (the query would fail); no stored name contains one either.
  if (search?.includes('\u0000')) return [];
  const where = search ? ilike(recipes.name, likeContains(search)) : undefined;
  return (await selectRecipes(db, where)).sort(compareRecipes);
}

/** A recipe's place in the list: its id and name (the list cache's segments hold these, not the recipes). */
export type RecipeKey = { id: number; name: string };

/**
 * Every recipe's id and name: what the list cache orders its segments by. A few MB at 100,000 recipes; the
 * recipes themselves are read a segment at a time, so that neither the driver nor PGlite's WebAssembly heap holds
 * the whole collection at once.
 */
export async function recipeKeys(db: AppDatabase): Promise<RecipeKey[]> {
  return db.select({ id: recipes.id, name: recipes.name }).from(recipes);
}

/** The recipes with these ids (any order): the list cache refetches only what changed. */
export async function recipesByIds(db: AppDatabase, ids: readonly number[]): Promise<Recipe[]> {
  // One array parameter, not one per id: the list cache reads 400 at a time (`IN` with 400 parameters measured
  // 15 % slower on PGlite).
  return ids.length === 0 ? [] : selectRecipes(db, sql`${recipes.id} = any(${idArray(ids)}::int[])`);
}

/**
 * Every recipe's id and last change (ISO 8601, as the API answers `updatedAt`), or those of `ids`: the sitemap's
 * copy (server/site/sitemap.ts) needs no more, and reads 100,000 of them in a fraction of the whole recipes' time.
 */
export async function recipeUpdateTimes(
  db: AppDatabase,
  ids?: readonly number[],
): Promise<{ id: number; updatedAt: string }[]> {
  if (ids?.length === 0) return [];
  const rows = await db
    .select({ id: recipes.id, updatedAt: recipes.updatedAt })
    .from(recipes)
    .where(ids ? inArray(recipes.id, [...ids]) : undefined);
  return rows.map((r) => ({ id: r.id, updatedAt: isoTime(r.updatedAt) }));
}

/**
 * The recipes written and deleted after list stamp `since` (migration 007: an index read, not a scan of
 * every recipe), or null when a cache labelled `since` must read everything again (a TRUNCATE since,
 * or deletions it would need already forgotten). An id can be in both lists (deleted, then imported
 * again under the same id): drop it, then refetch it.
 */
export async function recipeChangesSince(
  db: AppDatabase,
  since: string,
): Promise<{ changed: number[]; removed: number[] } | null> {
  const [mark] = await db.select({ rebuildFrom: stampTable.rebuildFrom }).from(stampTable);
  const after = BigInt(since);
  if (!mark || after < mark.rebuildFrom) return null;
  const changed = await db.select({ id: recipes.id }).from(recipes).where(gt(recipes.changedAt, after));
  const removed = await db
    .select({ id: recipeDeletions.id })
    .from(recipeDeletions)
    .where(gt(recipeDeletions.stamp, after));
  return { changed: changed.map((r) => r.id), removed: removed.map((r) => r.id) };
}

export async function getRecipe(db: AppDatabase, id: number): Promise<Recipe | null> {
  const rows = (await prepared(db).recipeById.execute({ id })) as StoredRecipe[];
  return fromRows(rows)[0] ?? null;
}

// Big bodies could exceed PostgreSQL's 65535 bind parameters in one INSERT; write in slices.
export async function insertIngredients(tx: Tx, rows: ReturnType<typeof ingredientRows>): Promise<void> {
  for (let start = 0; start < rows.length; start += 1000) {
    await tx.insert(ingredients).values(rows.slice(start, start + 1000));
  }
}

/** A transaction that refuses to commit after `deadline` (epoch ms; migration 006), when one is given. */
export async function withDeadline(tx: Tx, deadline: number | undefined): Promise<void> {
  if (deadline !== undefined)
    await tx.execute(sql`SELECT set_config('recipe_book.write_deadline', ${String(deadline)}, true)`);
}

/** A POST's Idempotency-Key and a hash of its body; keys are kept a day. */
export type Idempotency = { key: string; bodyHash: string };
export type CreateResult = { kind: 'created' | 'replayed'; recipe: Recipe } | { kind: 'key-reused' };
// A write that names photos is checked against what the caller may attach (photo-repository.ts: PhotoRefError).

/**
 * Stores a new recipe and its ingredients in one transaction. With an Idempotency-Key the key is claimed
 * in the same transaction: a retry (even racing on another API process) gets the first answer back.
 */
export async function createRecipeOnce(
  db: AppDatabase,
  input: RecipeInput,
  author: string,
  idempotency: Idempotency | undefined,
  deadline?: number,
): Promise<CreateResult> {
  return db.transaction(async (tx) => {
    await withDeadline(tx, deadline);
    if (idempotency) {
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({ author, key: idempotency.key, bodyHash: idempotency.bodyHash })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length === 0) {
        const [first] = await tx
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.author, author), eq(idempotencyKeys.key, idempotency.key)));
        if (!first || first.bodyHash !== idempotency.bodyHash || !first.response) return { kind: 'key-reused' };
        return { kind: 'replayed', recipe: first.response as Recipe };
      }
      await tx.delete(idempotencyKeys).where(sql`${idempotencyKeys.createdAt} < now() - interval '1 day'`);
    }
    const recipe = await insertRecipe(tx, input, author);
    if (idempotency) {
      await tx
        .update(idempotencyKeys)
        .set({ response: recipe })
        .where(and(eq(idempotencyKeys.author, author), eq(idempotencyKeys.key, idempotency.key)));
    }
    return { kind: 'created', recipe };
  });
}

/** A recipe coming back from the trash: its id, creation time and the version it had. */
export type RestoredRow = { id: number; createdAt: Date; version: number };

/**
 * Writes a recipe's rows: a new recipe (a new id, its author's photo uploads), or one restored from the trash under
 * its own id and creation time as its next version (`restored`; photos it already had, owned by nobody's upload).
 */
export async function insertRecipe(
  tx: Tx,
  input: RecipeInput,
  author: string,
  restored?: RestoredRow,
): Promise<Recipe> {
  const insert = tx.insert(recipes);
  const [row] = await (
    restored
      ? insert.overridingSystemValue().values({
          ...restored,
          version: restored.version + 1,
          author,
          prepMinutes: null,
          totalMinutes: null,
          sourceUrl: null,
          sourceName: null,
          ...contentColumns(input),
        })
      : insert.values({ ...contentColumns(input), author })
  ).returning();
  if (!row) throw new Error('INSERT returned no row');
  await insertIngredients(tx, ingredientRows(row.id, input.ingredients));
  await setRecipePhotos(tx, row.id, input.photos ?? [], restored ? null : author);
  const categoryList = await setRecipeCategories(tx, row.id, input.categories, { isNew: true });
  // No version is written for a new recipe: it is its own first version until it changes (recipe-history.ts).
  return recipeFromRow(row, input.ingredients.map(storedIngredient), {
    photos: await recipePhotos(tx, row.id),
    categories: categoryList,
  });
}

/** `droppedFiles`: the files of photos the update removed, for the photo store once it has committed. */
/**
 * A PUT that leaves out one time keeps the stored one (contentColumns), so the body's schema cannot see both: the
 * row as written is checked, and a preparation time longer than the total time undoes the write.
 */
export class TimesOutOfOrderError extends Error {
  constructor() {
    super('The preparation time would be longer than the total time');
    this.name = 'TimesOutOfOrderError';
  }
}

export type UpdateResult =
  | { kind: 'updated'; recipe: Recipe; droppedFiles: string[] }
  | { kind: 'not-found' }
  | { kind: 'conflict'; currentVersion: number };

/**
 * Replaces a recipe (author and createdAt stay). With `expectedVersion` the UPDATE only matches
 * that version: of two writers holding the same version, the row lock lets exactly one through.
 * `caller` is who saves: the unsaved uploads the body names must be theirs (none without a caller).
 */
export async function updateRecipe(
  db: AppDatabase,
  id: number,
  input: RecipeInput,
  expectedVersion?: number,
  deadline?: number,
  caller?: string,
): Promise<UpdateResult> {
  return db.transaction(async (tx) => {
    await withDeadline(tx, deadline);
    const match =
      expectedVersion === undefined
        ? eq(recipes.id, id)
        : and(eq(recipes.id, id), eq(recipes.version, expectedVersion));
    await keepCurrentVersion(tx, id); // what it was stays in its history
    const [row] = await tx
      .update(recipes)
      .set({
        ...contentColumns(input),
        version: sql`${recipes.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(match)
      .returning();
    if (!row) {
      const [current] = await tx.select({ version: recipes.version }).from(recipes).where(eq(recipes.id, id));
      return current ? { kind: 'conflict', currentVersion: current.version } : { kind: 'not-found' };
    }
    if (row.prepMinutes !== null && row.totalMinutes !== null && row.prepMinutes > row.totalMinutes)
      throw new TimesOutOfOrderError();
    await tx.delete(ingredients).where(eq(ingredients.recipeId, id));
    await insertIngredients(tx, ingredientRows(id, input.ingredients));
    const droppedFiles = await setRecipePhotos(tx, id, input.photos, caller ?? null);
    const categoryList = await setRecipeCategories(tx, id, input.categories);
    const recipe = recipeFromRow(row, input.ingredients.map(storedIngredient), {
      photos: await recipePhotos(tx, id),
      categories: categoryList,
    });
    await recordVersion(tx, recipe, caller ?? null);
    return { kind: 'updated', recipe, droppedFiles };
  });
}

/**
 * A recipe erased for good (the trash off, TRASH_DAYS=0; else DELETE moves it to the trash, recipe-trash.ts): its
 * ingredients and photos go with it (ON DELETE CASCADE), and its history; `droppedFiles` are the photos' files.
 */
/**
 * POST /recipes/{id}/versions/{version}/restore: the recipe becomes what it was at `version`, as a new version saved
 * by `restoredBy`. Restoring what it already is (a retry, a second click) saves nothing new and answers it as it is.
 */
export async function restoreVersion(
  db: AppDatabase,
  id: number,
  version: number,
  restoredBy: string,
  expectedVersion?: number,
  deadline?: number,
): Promise<UpdateResult | { kind: 'no-version' }> {
  const saved = await readVersion(db, id, version);
  if (!saved) return { kind: 'no-version' };
  const current = await getRecipe(db, id);
  if (
    current &&
    sameContent(current, saved.recipe) &&
    (expectedVersion === undefined || expectedVersion === current.version)
  )
    return { kind: 'updated', recipe: current, droppedFiles: [] };
  return updateRecipe(db, id, inputOfVersion(saved.recipe), expectedVersion, deadline, restoredBy);
}

export type DeleteResult =
  { kind: 'deleted'; droppedFiles: string[] } | { kind: 'not-found' } | { kind: 'conflict'; currentVersion: number };

/** Deletes the recipe; with `expectedVersion`, only while it still has that version (If-Match, as PUT). */
export async function deleteRecipe(
  db: AppDatabase,
  id: number,
  expectedVersion?: number,
  deadline?: number,
): Promise<DeleteResult> {
  const match =
    expectedVersion === undefined ? eq(recipes.id, id) : and(eq(recipes.id, id), eq(recipes.version, expectedVersion));
  return db.transaction(async (tx) => {
    await withDeadline(tx, deadline);
    const files = await recipePhotoFiles(tx, id);
    const gone = await tx.delete(recipes).where(match).returning({ id: recipes.id });
    if (gone.length > 0) return { kind: 'deleted', droppedFiles: [...files, ...(await forgetHistory(tx, id))] };
    const [current] = await tx.select({ version: recipes.version }).from(recipes).where(eq(recipes.id, id));
    return current ? { kind: 'conflict', currentVersion: current.version } : { kind: 'not-found' };
  });
}

/**
 * Changes whenever any recipe or ingredient changes (migration 003). Read it BEFORE the list it
 * labels: the list is then at least as new as the stamp, so a cache can never keep stale data.
 */
export async function recipeListStamp(db: AppDatabase): Promise<string> {
  const n = (await prepared(db).listStamp.execute())[0]?.n;
  if (n === undefined) throw new Error('recipe_list_stamp is empty');
  return n;
}

export async function countRecipes(db: AppDatabase): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(recipes);
  return row?.n ?? 0;
}

// The main photo's square files and placeholder, for the list's thumbnail (null without photos): an index probe
// per recipe (photos_recipe), nothing read when there are no photos.
const thumbnailJson = sql<Thumbnail | null>`(
  SELECT json_build_object('placeholder', p.placeholder, 'files',
    (SELECT json_agg(f) FROM jsonb_array_elements(p.files) f WHERE f->>'use' = 'square'))
  FROM ${photos} p WHERE p.recipe_id = "recipes"."id" ORDER BY p.position LIMIT 1)`; // "id" alone would be p.id

// The recipe's categories for the name index: each category's key (the filter) and spelling (the counts), in order.
const categoryPairsJson = sql<[key: string, name: string][] | null>`(
  SELECT json_agg(json_build_array(c.key, c.name) ORDER BY rc.position)
  FROM ${recipeCategories} rc JOIN ${categories} c ON c.id = rc.category_id
  WHERE rc.recipe_id = "recipes"."id")`;

export type RecipeName = {
  id: number;
  name: string;
  thumbnail?: Thumbnail;
  /** Its categories (key and spelling); left out when it has none. */
  categories?: [key: string, name: string][];
  /** The ids of its ingredients' names (migration 017's ingredient_names), for "Med …"; left out when it has none. */
  ingredientNames?: number[];
  /** Its total time, or else its preparation time (minutes), for the time filter; left out when it has neither. */
  minutes?: number;
};

// The recipe's ingredient name ids, written with it at COMMIT (migration 017): one row per recipe, by its key.
const ingredientNameIdsOf = sql<number[] | null>`(
  SELECT n.name_ids FROM recipe_ingredient_names n WHERE n.recipe_id = "recipes"."id")`;

/**
 * Every recipe's id, name, thumbnail, categories, ingredient name ids and time (or those with these ids): what the
 * list screen's name index holds.
 */
export async function recipeNames(db: AppDatabase, ids?: readonly number[]): Promise<RecipeName[]> {
  const query = db
    .select({
      id: recipes.id,
      name: recipes.name,
      thumbnail: thumbnailJson,
      categories: categoryPairsJson,
      ingredientNames: ingredientNameIdsOf,
      minutes: sql<number | null>`coalesce(${recipes.totalMinutes}, ${recipes.prepMinutes})`,
    })
    .from(recipes);
  const rows = await (ids ? (ids.length === 0 ? [] : query.where(inArray(recipes.id, [...ids]))) : query);
  return rows.map(({ thumbnail, categories: pairs, ingredientNames, minutes, ...named }) => ({
    ...named,
    ...(thumbnail ? { thumbnail } : {}),
    ...(pairs ? { categories: pairs } : {}),
    ...(ingredientNames && ingredientNames.length > 0 ? { ingredientNames } : {}),
    ...(minutes === null ? {} : { minutes }),
  }));
}
