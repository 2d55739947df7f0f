// The trash (issue 41, migration 015, docs/decisions/057-trash-and-history.md). Deleting a recipe moves it here: its
// row goes from recipes (so every read, list, search, count and the sitemap stop seeing it without a filter of their
// own), a trash row says who deleted it and when, and its versions and photos stay. Restoring writes it back under
// the same id from its last version; erasing (or the sweep, after TRASH_DAYS) forgets it and its history for good.
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Recipe } from '../../../src/lib/recipe-schema.ts';
import { recipeTrash } from '../schema/history-tables.ts';
import { recipes } from '../schema/recipe-tables.ts';
import { isoTime } from './recipe-rows.ts';
import { keepRecipePhotos } from './photo-repository.ts';
import {
  currentRecipe,
  forgetHistory,
  inputOfVersion,
  keepCurrentVersion,
  pruneHistory,
  readVersion,
  recordVersion,
  type HistoryLimits,
} from './recipe-history-repository.ts';
import { deleteRecipe, insertRecipe, withDeadline, type DeleteResult } from './recipe-repository.ts';
import type { AppDatabase } from '../index.ts';
import type { TrashedRecipe } from '../../../src/lib/recipe-keeping.ts';

export type { TrashedRecipe };

// The one rule of how long the trash keeps a recipe: the list says when, the sweep erases what is past it.
const DAY_MS = 86_400_000;
const erasedAt = (deletedAt: Date, trashDays: number) => new Date(deletedAt.getTime() + trashDays * DAY_MS);
const deletedBefore = (now: Date, trashDays: number) => new Date(now.getTime() - trashDays * DAY_MS);

export type TrashResult = { kind: 'trashed' } | { kind: 'not-found' } | { kind: 'conflict'; currentVersion: number };

/**
 * DELETE /recipes/{id}: to the trash while it is on (`trashDays` > 0), else deleted for good with its history, the
 * files it held returned for the photo store.
 */
export function deleteOrTrash(
  db: AppDatabase,
  id: number,
  deletedBy: string,
  trashDays: number,
  expectedVersion?: number,
  deadline?: number,
): Promise<DeleteResult | TrashResult> {
  return trashDays > 0
    ? trashRecipe(db, id, deletedBy, expectedVersion, deadline)
    : deleteRecipe(db, id, expectedVersion, deadline);
}

/** DELETE /recipes/{id} with the trash on: with `expectedVersion`, only while the recipe still has that version. */
export async function trashRecipe(
  db: AppDatabase,
  id: number,
  deletedBy: string,
  expectedVersion?: number,
  deadline?: number,
): Promise<TrashResult> {
  return db.transaction(async (tx) => {
    await withDeadline(tx, deadline);
    const [row] = await tx
      .select({ name: recipes.name, author: recipes.author, createdAt: recipes.createdAt, version: recipes.version })
      .from(recipes)
      .where(eq(recipes.id, id))
      .for('update');
    if (!row) return { kind: 'not-found' };
    if (expectedVersion !== undefined && row.version !== expectedVersion)
      return { kind: 'conflict', currentVersion: row.version };
    await keepCurrentVersion(tx, id);
    await keepRecipePhotos(tx, id);
    await tx.insert(recipeTrash).values({ recipeId: id, ...row, deletedBy });
    await tx.delete(recipes).where(eq(recipes.id, id));
    return { kind: 'trashed' };
  });
}

/** The trash, most recently deleted first, each with the day the sweep erases it (`trashDays` after its deletion). */
export async function listTrash(db: AppDatabase, trashDays: number): Promise<TrashedRecipe[]> {
  const rows = await db.select().from(recipeTrash).orderBy(desc(recipeTrash.deletedAt), desc(recipeTrash.recipeId));
  return rows.map((r) => ({
    id: r.recipeId,
    name: r.name,
    author: r.author,
    deletedAt: isoTime(r.deletedAt),
    deletedBy: r.deletedBy,
    erasedAfter: isoTime(erasedAt(new Date(r.deletedAt), trashDays)),
  }));
}

export type RestoreResult = { kind: 'restored' | 'already-here'; recipe: Recipe } | { kind: 'not-found' };

/**
 * Writes a recipe in the trash back under its id, author and creation time, from the version it had, as a new
 * version saved by `restoredBy`. Idempotent: a recipe already back answers as it is ('already-here').
 */
export async function restoreFromTrash(
  db: AppDatabase,
  id: number,
  restoredBy: string,
  deadline?: number,
): Promise<RestoreResult> {
  return db.transaction(async (tx) => {
    await withDeadline(tx, deadline);
    const [trashed] = await tx.select().from(recipeTrash).where(eq(recipeTrash.recipeId, id)).for('update');
    if (!trashed) {
      const here = await currentRecipe(tx, id);
      return here ? { kind: 'already-here', recipe: here } : { kind: 'not-found' };
    }
    const saved = await readVersion(tx, id, trashed.version);
    if (!saved) throw new Error(`recipe ${id} is in the trash without its version ${trashed.version}`);
    const recipe = await insertRecipe(tx, inputOfVersion(saved.recipe), trashed.author, {
      id,
      createdAt: trashed.createdAt,
      version: trashed.version,
    });
    await recordVersion(tx, recipe, restoredBy);
    await tx.delete(recipeTrash).where(eq(recipeTrash.recipeId, id));
    return { kind: 'restored', recipe };
  });
}

/** Erases a recipe in the trash for good; returns the files of the photos only it kept (null: not in the trash). */
export async function eraseFromTrash(db: AppDatabase, id: number, deadline?: number): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    await withDeadline(tx, deadline);
    const gone = await tx
      .delete(recipeTrash)
      .where(eq(recipeTrash.recipeId, id))
      .returning({ id: recipeTrash.recipeId });
    if (gone.length === 0) return null;
    return forgetHistory(tx, id);
  });
}

/** Any one API instance sweeps at a time (several on one PostgreSQL): a transaction-scoped advisory lock. */
const SWEEP_LOCK = 41_041;

export type SweepLimits = { trashDays: number; history: HistoryLimits };

/**
 * One step of the sweep: erases up to `batch` recipes deleted more than `trashDays` ago, then prunes up to `batch`
 * recipes' histories. Short transactions, so requests are never held up for long; returns what it did and the files
 * for the photo store. `done` when there was nothing more to do (another instance sweeping counts as done).
 */
export async function sweepStep(
  db: AppDatabase,
  limits: SweepLimits,
  now: Date,
  batch = 100,
): Promise<{ erased: number; pruned: number; files: string[]; done: boolean }> {
  return db.transaction(async (tx) => {
    const [lock] = await tx
      .execute(sql`SELECT pg_try_advisory_xact_lock(${SWEEP_LOCK}) AS mine`)
      .then((r) => (r as { rows: { mine: boolean }[] }).rows);
    if (!lock?.mine) return { erased: 0, pruned: 0, files: [], done: true };
    const files: string[] = [];
    let erased = 0;
    if (limits.trashDays > 0) {
      const before = deletedBefore(now, limits.trashDays);
      const due = await tx
        .select({ id: recipeTrash.recipeId })
        .from(recipeTrash)
        .where(lt(recipeTrash.deletedAt, before))
        .limit(batch);
      for (const { id } of due) {
        await tx.delete(recipeTrash).where(and(eq(recipeTrash.recipeId, id)));
        files.push(...(await forgetHistory(tx, id)));
      }
      erased = due.length;
    }
    const pruned = await pruneHistory(tx, limits.history, now, batch);
    files.push(...pruned.files);
    return { erased, pruned: pruned.recipes, files, done: erased < batch && pruned.recipes < batch };
  });
}
