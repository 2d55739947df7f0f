// A recipe's saved versions (issue 41, migration 015, docs/decisions/057-trash-and-history.md). A write that changes
// a recipe (an edit, a version or the trash restored) first makes sure what the recipe was is a version
// (keepCurrentVersion), then records what it is now, with who saved it and when. A recipe never changed has no rows:
// it is its own first version (saved by its author when it was made), so creating recipes costs nothing extra and a
// book of recipes nobody edits keeps no history. Nothing is ever rewritten; the history is the rows newest first,
// with the recipe as it is on top when it is not a row yet.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Recipe, RecipeInput } from '../../../src/lib/recipe-schema.ts';
import { canonicalJson } from '../../../src/lib/canonical-json.ts';
import { recipeVersions } from '../schema/history-tables.ts';
import { recipes } from '../schema/recipe-tables.ts';
import { isoTime, recipeColumns, recipeFromStored, type StoredRecipe } from './recipe-rows.ts';
import { releaseKeptPhotos } from './photo-repository.ts';
import type { AppDatabase } from '../index.ts';
import type { Transaction as Tx } from '../types.ts';
import type { VersionSummary } from '../../../src/lib/recipe-keeping.ts';

export type { VersionSummary };
export type SavedVersion = VersionSummary & { recipe: Recipe };
/** How much history is kept per recipe: the newest `versions`, and none older than `days` (the current one always). */
export type HistoryLimits = { versions: number; days: number };

// HISTORY_MAX_VERSIONS as this process runs with it (keepVersionsPerRecipe, at start). Each write that records a
// version prunes the recipe's history to it in the same transaction, so no number of saves between two sweeps makes a
// history (and the data folder) grow past it: issue 52 measured 1,500 saves of one recipe keeping 1,501 versions, the
// folder growing from 81 MB to 1.29 GB before the hourly sweep ran. Unset, only the sweep prunes (as before).
let maxVersions: number | undefined;

/** Every write from now on keeps at most `versions` versions of its recipe (HISTORY_MAX_VERSIONS; the sweep too). */
export function keepVersionsPerRecipe(versions: number | undefined): void {
  maxVersions = versions;
}

/**
 * Records `recipe` (as just written) as its version; the same version twice is one row. Then only its newest
 * HISTORY_MAX_VERSIONS stay: found through the primary key, and only asked once a version is numbered above the limit
 * (none can be over it before). The photos only pruned versions named are left to the sweep (pruneHistory), which
 * releases them and hands their files to the photo store after its commit.
 */
export async function recordVersion(tx: Tx, recipe: Recipe, savedBy: string | null): Promise<void> {
  await tx
    .insert(recipeVersions)
    .values({
      recipeId: recipe.id,
      version: recipe.version,
      savedBy,
      content: recipe,
      savedAt: new Date(recipe.updatedAt),
    })
    .onConflictDoNothing();
  if (maxVersions === undefined || recipe.version <= maxVersions) return;
  await tx.execute(sql`
    DELETE FROM recipe_versions WHERE recipe_id = ${recipe.id} AND version <= (
      SELECT version FROM recipe_versions WHERE recipe_id = ${recipe.id}
      ORDER BY version DESC OFFSET ${maxVersions} LIMIT 1)`);
}

/** The recipe as it is now, read inside the write's transaction (null: no such recipe). */
export async function currentRecipe(tx: Tx, id: number): Promise<Recipe | null> {
  const rows = (await tx.select(recipeColumns).from(recipes).where(eq(recipes.id, id))) as StoredRecipe[];
  return rows[0] ? recipeFromStored(rows[0]) : null;
}

/**
 * Before a recipe changes or goes to the trash: what it is now is a version. It is already when it was last written
 * with the history on; else it is recorded now (a recipe never edited: by its author; one last saved before the
 * history existed: by nobody known), at its last change.
 */
export async function keepCurrentVersion(tx: Tx, id: number): Promise<void> {
  const [kept] = await tx
    .execute(
      sql`SELECT EXISTS (SELECT 1 FROM recipe_versions v WHERE v.recipe_id = r.id AND v.version = r.version) AS kept
          FROM recipes r WHERE r.id = ${id}`,
    )
    .then((r) => (r as { rows: { kept: boolean }[] }).rows);
  if (!kept || kept.kept) return;
  const recipe = await currentRecipe(tx, id);
  if (recipe) await recordVersion(tx, recipe, recipe.version === 1 ? recipe.author : null);
}

/** The recipe as it is, as its newest version when no row holds it yet (never changed since the history began). */
function currentAsVersion(recipe: Recipe): SavedVersion {
  return {
    version: recipe.version,
    savedAt: recipe.updatedAt,
    savedBy: recipe.version === 1 ? recipe.author : null,
    recipe,
  };
}

/** The recipe's versions, newest first (empty: no such recipe, and none in the trash). */
export async function listVersions(db: AppDatabase, id: number): Promise<VersionSummary[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ version: recipeVersions.version, savedAt: recipeVersions.savedAt, savedBy: recipeVersions.savedBy })
      .from(recipeVersions)
      .where(eq(recipeVersions.recipeId, id))
      .orderBy(desc(recipeVersions.version));
    const list = rows.map((r) => ({ version: r.version, savedAt: isoTime(r.savedAt), savedBy: r.savedBy }));
    const current = await currentRecipe(tx, id);
    if (current && list[0]?.version !== current.version) {
      const { recipe: _recipe, ...summary } = currentAsVersion(current);
      list.unshift(summary);
    }
    return list;
  });
}

export async function readVersion(db: AppDatabase | Tx, id: number, version: number): Promise<SavedVersion | null> {
  const [row] = await db
    .select()
    .from(recipeVersions)
    .where(and(eq(recipeVersions.recipeId, id), eq(recipeVersions.version, version)));
  if (row) return { version: row.version, savedAt: isoTime(row.savedAt), savedBy: row.savedBy, recipe: row.content };
  const current = await currentRecipe(db as Tx, id);
  return current?.version === version ? currentAsVersion(current) : null;
}

/** Forgets every version of the recipe (erased for good) and the photos only they kept; returns those files. */
export async function forgetHistory(tx: Tx, id: number): Promise<string[]> {
  await tx.delete(recipeVersions).where(eq(recipeVersions.recipeId, id));
  return releaseKeptPhotos(tx, id);
}

/**
 * Keeps each recipe's history within `limits` (the newest version of each recipe always stays: it is the recipe, or
 * what the trash restores). At most `batch` recipes per call, so the sweep's transactions stay short; returns the
 * recipes it pruned and the files of the photos no kept version names any more.
 */
export async function pruneHistory(
  tx: Tx,
  limits: HistoryLimits,
  now: Date,
  batch: number,
): Promise<{ recipes: number; files: string[] }> {
  const before = new Date(now.getTime() - limits.days * 86_400_000);
  // The recipes with versions beyond their newest `versions` (only a recipe with a version numbered above the limit
  // can have that many) or older than `days` but not their recipe's newest, found through the indexes (migration
  // 016's on the number, the primary key, saved_at): no scan of every version or every recipe, which at 100,000
  // recipes held PGlite's one connection for a second every sweep. And the recipes with a kept photo no version names
  // any more because a save pruned the versions that did (recordVersion), found through photos_kept_for.
  const over = await tx.execute(sql`
    (SELECT DISTINCT v.recipe_id FROM recipe_versions v
      WHERE v.version > ${limits.versions}
        AND (SELECT count(*) FROM recipe_versions c WHERE c.recipe_id = v.recipe_id) > ${limits.versions}
      LIMIT ${batch})
    UNION
    (SELECT DISTINCT v.recipe_id FROM recipe_versions v
      WHERE v.saved_at < ${before.toISOString()}
        AND EXISTS (SELECT 1 FROM recipe_versions w WHERE w.recipe_id = v.recipe_id AND w.version > v.version)
      LIMIT ${batch})
    UNION
    (SELECT DISTINCT p.kept_for FROM photos p
      WHERE p.kept_for IS NOT NULL AND p.recipe_id IS NULL
        AND NOT EXISTS (SELECT 1 FROM recipe_versions v WHERE v.recipe_id = p.kept_for
          AND v.content -> 'photos' @> jsonb_build_array(jsonb_build_object('id', p.id)))
      LIMIT ${batch})
    LIMIT ${batch}`);
  const ids = (over as { rows: { recipe_id: number }[] }).rows.map((r) => Number(r.recipe_id));
  if (ids.length === 0) return { recipes: 0, files: [] };
  await tx.execute(sql`
    DELETE FROM recipe_versions d USING (
      SELECT recipe_id, version, saved_at,
        row_number() OVER (PARTITION BY recipe_id ORDER BY version DESC) AS n
      FROM recipe_versions WHERE recipe_id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
    ) v
    WHERE d.recipe_id = v.recipe_id AND d.version = v.version AND v.n > 1
      AND (v.n > ${limits.versions} OR v.saved_at < ${before.toISOString()})`);
  const files: string[] = [];
  for (const id of ids) files.push(...(await releaseKeptPhotos(tx, id)));
  return { recipes: ids.length, files };
}

/** A saved version as the body of a write: what restoring it saves (every field, so nothing of today's stays). */
export function inputOfVersion(recipe: Recipe): RecipeInput {
  return {
    name: recipe.name,
    instructions: recipe.instructions,
    servings: recipe.servings,
    ingredients: recipe.ingredients,
    photos: (recipe.photos ?? []).map((p) => ({ id: p.id, alt: p.alt })),
    categories: recipe.categories ?? [],
    prepTime: recipe.prepTime ?? null,
    totalTime: recipe.totalTime ?? null,
    source: recipe.source ?? null,
  };
}

/** The same content (what restoring would save), whatever order jsonb gave the keys in. */
export function sameContent(a: Recipe, b: Recipe): boolean {
  return canonicalJson(inputOfVersion(a)) === canonicalJson(inputOfVersion(b));
}
