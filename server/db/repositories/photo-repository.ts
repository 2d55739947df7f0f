// Photos in the database: uploads waiting for a recipe, a recipe's ordered photos with their text alternatives,
// and which stored files no photo lists any more (those the photo store may remove). The bytes themselves are
// the photo store's (server/photos/photo-store.ts).
import { and, asc, count, eq, inArray, isNull, lt, sql, sum } from 'drizzle-orm';
import { join } from 'node:path';
import type { Photo, PhotoFile, PhotoRef } from '../../../src/lib/photo-schema.ts';
import { PHOTO_MESSAGES } from '../../../src/lib/photo-schema.ts';
import { photos, type PhotoRow } from '../schema/photo-tables.ts';
import type { AppDatabase } from '../index.ts';
import type { Transaction as Tx } from '../types.ts';

/** A recipe body names a photo it may not have: not uploaded, someone else's unsaved upload, another recipe's. */
export class PhotoRefError extends Error {
  readonly field: string;
  constructor(field: string, message: string = PHOTO_MESSAGES.notAPhotoId) {
    super(message);
    this.field = field;
  }
}

export const photoFromRow = (
  row: Pick<PhotoRow, 'id' | 'alt' | 'width' | 'height' | 'placeholder' | 'files'>,
): Photo => ({
  id: row.id,
  alt: row.alt,
  width: row.width,
  height: row.height,
  placeholder: row.placeholder,
  files: row.files,
});

/** `storedBytes`: the sum of its files' sizes, what the cap on an editor's unsaved uploads counts. */
export type NewUpload = Omit<Photo, 'alt'> & { uploadedBy: string; storedBytes?: number };

/** Records an upload (its files already stored); no recipe has it until one is saved naming it. */
export async function insertUpload(db: AppDatabase, upload: NewUpload): Promise<Photo> {
  const [row] = await db.insert(photos).values(upload).returning();
  if (!row) throw new Error('INSERT returned no row');
  return photoFromRow(row);
}

const fileNames = (rows: { files: PhotoFile[] }[]) => rows.flatMap((r) => r.files.map((f) => f.file));

/**
 * Makes `refs` the recipe's photos, in that order with those text alternatives, inside the recipe's write.
 * A photo may be named when it is already this recipe's, one its history keeps (a version being restored), or an
 * unsaved upload of `caller`'s. The recipe's other photos are kept for its history (migration 015: a saved version
 * names them), not deleted: no files are dropped here, the history's sweep drops them (releaseKeptPhotos).
 * `refs` undefined (a body without `photos`): the photos stay as they are.
 */
export async function setRecipePhotos(
  tx: Tx,
  recipeId: number,
  refs: readonly PhotoRef[] | undefined,
  caller: string | null,
): Promise<string[]> {
  if (refs === undefined) return [];
  const ids = refs.map((r) => r.id);
  const twice = ids.findIndex((id, index) => ids.indexOf(id) !== index);
  if (twice >= 0) throw new PhotoRefError(`photos.${twice}.id`, PHOTO_MESSAGES.duplicate);
  const found =
    ids.length === 0
      ? []
      : await tx
          .select({ id: photos.id, recipeId: photos.recipeId, keptFor: photos.keptFor, uploadedBy: photos.uploadedBy })
          .from(photos)
          .where(inArray(photos.id, ids))
          .for('update');
  const byId = new Map(found.map((row) => [row.id, row]));
  refs.forEach((ref, index) => {
    const row = byId.get(ref.id);
    const mine =
      row &&
      (row.recipeId === recipeId ||
        (row.recipeId === null && row.keptFor === recipeId) ||
        (row.recipeId === null && row.keptFor === null && caller !== null && row.uploadedBy === caller));
    if (!mine) throw new PhotoRefError(`photos.${index}.id`);
  });
  await tx
    .update(photos)
    .set({ recipeId: null, keptFor: recipeId })
    .where(
      and(
        eq(photos.recipeId, recipeId),
        ids.length === 0
          ? undefined
          : sql`${photos.id} NOT IN (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`,
      ),
    );
  for (const [position, ref] of refs.entries())
    await tx.update(photos).set({ recipeId, keptFor: null, position, alt: ref.alt }).where(eq(photos.id, ref.id));
  return [];
}

/** Which of `ids` a photo already has (an import gives a taken id a new one, or keeps the photo there). */
export async function existingPhotoIds(tx: Tx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: photos.id })
    .from(photos)
    .where(inArray(photos.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}

/** A recipe going to the trash: its photos stay, kept for its history (restoring it shows them again). */
export async function keepRecipePhotos(tx: Tx, recipeId: number): Promise<void> {
  await tx.update(photos).set({ recipeId: null, keptFor: recipeId }).where(eq(photos.recipeId, recipeId));
}

/**
 * The photos kept for `recipeId`'s history that no saved version of it names any more (versions pruned, the recipe
 * erased): deleted, and their files' names returned for the store (unreferencedFiles decides which may go).
 */
export async function releaseKeptPhotos(tx: Tx | AppDatabase, recipeId: number): Promise<string[]> {
  const gone = await tx
    .delete(photos)
    .where(
      and(
        eq(photos.keptFor, recipeId),
        isNull(photos.recipeId),
        sql`NOT EXISTS (SELECT 1 FROM recipe_versions v WHERE v.recipe_id = ${recipeId}
          AND v.content -> 'photos' @> jsonb_build_array(jsonb_build_object('id', ${photos.id})))`,
      ),
    )
    .returning({ files: photos.files });
  return fileNames(gone);
}

/** The files of a recipe's photos (read before the recipe is deleted: its photos go with it). */
export async function recipePhotoFiles(tx: Tx | AppDatabase, recipeId: number): Promise<string[]> {
  return fileNames(await tx.select({ files: photos.files }).from(photos).where(eq(photos.recipeId, recipeId)));
}

/** A recipe's photos in order. */
export async function recipePhotos(tx: Tx | AppDatabase, recipeId: number): Promise<Photo[]> {
  const rows = await tx.select().from(photos).where(eq(photos.recipeId, recipeId)).orderBy(asc(photos.position));
  return rows.map(photoFromRow);
}

/**
 * Of these files, those that no photo lists any more: the store may remove them. One statement for all of them
 * (the names as one JSON parameter), each probed through the GIN index on `files` (photos_files).
 */
export async function unreferencedFiles(db: AppDatabase, candidates: readonly string[]): Promise<string[]> {
  const unique = [...new Set(candidates)];
  if (unique.length === 0) return [];
  const result = await db.execute(sql`
    SELECT c.file FROM json_array_elements_text(${JSON.stringify(unique)}::json) AS c(file)
    WHERE EXISTS (
      SELECT 1 FROM ${photos} p WHERE p.files @> jsonb_build_array(jsonb_build_object('file', c.file))
    )`);
  const still = new Set((result as { rows: { file: string }[] }).rows.map((r) => r.file));
  return unique.filter((file) => !still.has(file));
}

/** Deletes uploads no recipe was saved with, older than `maxAgeMs`; returns their files' names. */
export async function deleteUnsavedUploads(db: AppDatabase, maxAgeMs: number): Promise<string[]> {
  const gone = await db
    .delete(photos)
    .where(and(isNull(photos.recipeId), isNull(photos.keptFor), lt(photos.uploadedAt, new Date(Date.now() - maxAgeMs))))
    .returning({ files: photos.files });
  return fileNames(gone);
}

/** How many uploads `uploadedBy` has that no recipe was saved with yet, and their files' bytes. */
export async function unsavedUploadTotals(
  db: AppDatabase,
  uploadedBy: string,
): Promise<{ count: number; bytes: number }> {
  const [row] = await db
    .select({ count: count(), bytes: sum(photos.storedBytes) })
    .from(photos)
    .where(and(isNull(photos.recipeId), isNull(photos.keptFor), eq(photos.uploadedBy, uploadedBy)));
  return { count: Number(row?.count ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/** The folder of the embedded database's data folder that PGlite's client was opened on; null for any other. */
function embeddedDataDir(db: AppDatabase): string | null {
  const client = (db as unknown as { $client?: { dataDir?: unknown; dumpDataDir?: unknown } }).$client;
  const dir = client && typeof client.dumpDataDir === 'function' ? client.dataDir : undefined;
  // memory:// and idb:// have no folder of their own.
  return typeof dir === 'string' && dir !== '' && !dir.includes('://') ? dir : null;
}

/**
 * Where the database store keeps photo files outside the database: the embedded database's data folder (so its
 * backups and restores carry them); null on PostgreSQL, where they stay in photo_files, every API instance sees
 * them and PostgreSQL's own writers and autovacuum do the work off our event loop (docs/decisions/046).
 */
export function photoFileFolder(db: AppDatabase): string | null {
  const dir = embeddedDataDir(db);
  return dir === null ? null : join(dir, PHOTO_FILE_FOLDER);
}

/** The data folder's sub-folder of photo files (its name is in backups: short, as a tar entry's name must be). */
export const PHOTO_FILE_FOLDER = 'photo-files';

/**
 * After rows of photo_files were deleted: on PGlite, which runs no autovacuum, a plain VACUUM marks their space
 * free for the next rows (it does not give it back to the file system: VACUUM FULL, docs/photos.md, does that).
 * On PostgreSQL autovacuum does it.
 */
export async function reclaimPhotoFileSpace(db: AppDatabase): Promise<void> {
  if (embeddedDataDir(db) !== null) await db.execute(sql`VACUUM photo_files`);
}

/**
 * After the embedded database's photo_files was emptied (its files moved into the data folder): VACUUM FULL
 * rewrites the table into new, empty files and deletes the old ones, so the folder shrinks by what they held.
 */
export async function compactPhotoFiles(db: AppDatabase): Promise<void> {
  if (embeddedDataDir(db) !== null) await db.execute(sql`VACUUM FULL photo_files`);
}
