// `npm run db:import`, the transfer file's import: reads an export document into an empty or a used database, in ONE transaction:
// either every accepted recipe is stored or, when anything fails, nothing is. Each recipe is checked with
// the shared rules first; one that breaks them is refused and reported, the others go in.
//
// Per recipe:  added      its id was free: stored under that id, with its author, version and timestamps.
//              renumbered its id belongs to a different recipe: stored under a new id.
//              skipped    a recipe with the same content (every field but the id, timestamps to the
//                         microsecond) is already there, under any id: importing the same file twice adds nothing.
//              refused    it breaks the rules (first problem reported).
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { CONTENT_TYPES, PHOTO_FILE_NAME, type Photo } from '../../../src/lib/photo-schema.ts';
import { createDatabasePhotoStore } from '../../photos/database-store.ts';
import type { PhotoFileBytes, PhotoStore } from '../../photos/photo-store.ts';
import { sniffFormat } from '../../photos/sniff-format.ts';
import { photos } from '../schema/photo-tables.ts';
import { recipes } from '../schema/recipe-tables.ts';
import { recipeTrash } from '../schema/history-tables.ts';
import { readAllRecipes } from './transfer-export.ts';
import { insertIngredients } from '../repositories/recipe-repository.ts';
import { insertRecipeCategories, setRecipeCategories } from '../repositories/category-repository.ts';
import { contentColumns, ingredientRows } from '../repositories/recipe-rows.ts';
import { existingPhotoIds } from '../repositories/photo-repository.ts';
import { checkKeeping, importKeeping, type KeepingReport } from './transfer-keeping.ts';
import {
  contentKey,
  firstProblem,
  KEEPING_FORMAT,
  READABLE_FORMATS,
  transferRecipeSchema,
  type TransferRecipe,
} from './transfer-format.ts';
import type { AppDatabase } from '../index.ts';
import type { Transaction as Tx } from '../types.ts';

export type TransferOutcome = { index: number; name: string } & (
  | { kind: 'added'; id: number }
  | { kind: 'renumbered'; id: number; fileId: number }
  | { kind: 'skipped'; id: number; fileId: number }
  | { kind: 'refused'; problem: string }
);
export type TransferReport = {
  outcomes: TransferOutcome[];
  count: Record<TransferOutcome['kind'], number>;
  /** A version 5 file's trash and history (issue 41); absent for the other versions. */
  keeping?: KeepingReport;
};

/** The file is not an export this version can read: nothing was looked at, nothing written. */
export class TransferFormatError extends Error {}

type Accepted = { index: number; recipe: TransferRecipe; key: string };

// '"recipe-book/1", "recipe-book/2", "recipe-book/3" and "recipe-book/4"'
const quoted = READABLE_FORMATS.map((f) => `"${f}"`);
const readable = `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;

type Document = { format: string; recipes: unknown[]; files: Record<string, unknown> } & Parameters<
  typeof checkKeeping
>[0];

function checkDocument(document: unknown): Document {
  const doc = document as { format?: unknown; recipes?: unknown; files?: unknown } | null;
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
    throw new TransferFormatError('The file is not a recipe export (no JSON object).');
  if (typeof doc.format !== 'string' || !READABLE_FORMATS.includes(doc.format)) {
    const found = typeof doc.format === 'string' ? `"${doc.format}"` : 'no format';
    throw new TransferFormatError(`The file has ${found}; this version reads ${readable}. Nothing was imported.`);
  }
  if (!Array.isArray(doc.recipes))
    throw new TransferFormatError('The file has no "recipes" list. Nothing was imported.');
  const files = doc.files ?? {};
  if (typeof files !== 'object' || files === null || Array.isArray(files))
    throw new TransferFormatError('The file\'s "files" is not an object of photo files. Nothing was imported.');
  return { ...doc, format: doc.format, recipes: doc.recipes, files: files as Record<string, unknown> };
}

/**
 * The bytes of a recipe's photo files from the document, each checked: there, base64, named by its own sha256,
 * and of the type its name says (read from its first bytes). A problem refuses the recipe, as a rule would.
 */
function photoFiles(
  recipe: Pick<TransferRecipe, 'photos'>,
  files: Record<string, unknown>,
): { files: PhotoFileBytes[] } | { problem: string } {
  const found: PhotoFileBytes[] = [];
  for (const [p, photo] of (recipe.photos ?? []).entries())
    for (const [f, { file, format }] of photo.files.entries()) {
      const where = `photos.${p}.files.${f}`;
      const text = files[file];
      if (typeof text !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(text))
        return { problem: `${where}: ${file} is not in the file's "files"` };
      const bytes = Buffer.from(text, 'base64');
      if (createHash('sha256').update(bytes).digest('hex') !== PHOTO_FILE_NAME.exec(file)?.[1])
        return { problem: `${where}: the bytes of ${file} do not match its name (damaged)` };
      const sniffed = sniffFormat(bytes);
      if ((sniffed === 'heif' ? 'avif' : sniffed) !== format) return { problem: `${where}: ${file} is not ${format}` };
      found.push({ file, contentType: CONTENT_TYPES[format], bytes });
    }
  return { files: found };
}

const nameOf = (raw: unknown, index: number) => {
  const name = (raw as { name?: unknown } | null)?.name;
  return typeof name === 'string' && name.trim() ? name : `#${index + 1}`;
};

/**
 * `store`: where the photos' files go (the database's by default). They are stored before the recipes' transaction
 * (a file no photo lists is never served by any recipe); files already there are left as they are.
 */
export async function importTransfer(
  db: AppDatabase,
  document: unknown,
  store: PhotoStore = createDatabasePhotoStore(db),
): Promise<TransferReport> {
  const outcomes: TransferOutcome[] = [];
  const accepted: Accepted[] = [];
  const doc = checkDocument(document);
  const { recipes: list, files } = doc;
  const toStore = new Map<string, PhotoFileBytes>();
  list.forEach((raw, index) => {
    const parsed = transferRecipeSchema.safeParse(raw);
    const refuse = (problem: string) => outcomes.push({ index, name: nameOf(raw, index), kind: 'refused', problem });
    if (!parsed.success) return refuse(firstProblem(parsed.error));
    const checked = photoFiles(parsed.data, files);
    if ('problem' in checked) return refuse(checked.problem);
    for (const f of checked.files) toStore.set(f.file, f);
    accepted.push({ index, recipe: parsed.data, key: contentKey(parsed.data) });
  });
  const keeping = doc.format === KEEPING_FORMAT ? checkKeeping(doc) : undefined;
  if (keeping)
    keeping.keptPhotos = keeping.keptPhotos.filter((photo) => {
      const checked = photoFiles({ photos: [photo] }, files);
      if ('problem' in checked) keeping.problems.push(`kept photo ${photo.id}: ${checked.problem}`);
      else for (const f of checked.files) toStore.set(f.file, f);
      return !('problem' in checked);
    });
  await store.put([...toStore.values()]);
  let keepingReport: KeepingReport | undefined;

  await db.transaction(async (tx) => {
    // Writers wait until the import is done (readers do not), so no id it counted as free is taken meanwhile.
    await tx.execute(sql`LOCK TABLE recipes IN SHARE ROW EXCLUSIVE MODE`);
    const present = await readAllRecipes(tx);
    // A recipe in the trash keeps its id (issue 41): restoring it brings it back under that id.
    const trashed = await tx.select({ id: recipeTrash.recipeId }).from(recipeTrash);
    const ids = new Set([...present.map((r) => r.id), ...trashed.map((r) => r.id)]);
    const byContent = new Map(present.map((r) => [contentKey(r), r.id]));
    // Where each of the file's recipes is now (its history follows it there).
    const landed = new Map<number, number>();

    // First every recipe whose id is free, so a renumbered one can never take an id a later one wants.
    const keep: Accepted[] = [];
    const renumber: Accepted[] = [];
    for (const item of accepted) {
      const same = byContent.get(item.key);
      if (same !== undefined) {
        outcomes.push(skipped(item, same));
        landed.set(item.recipe.id, same);
      } else if (ids.has(item.recipe.id)) renumber.push(item);
      else {
        keep.push(item);
        ids.add(item.recipe.id);
        landed.set(item.recipe.id, item.recipe.id);
        byContent.set(item.key, item.recipe.id);
        outcomes.push({ index: item.index, name: item.recipe.name, kind: 'added', id: item.recipe.id });
      }
    }
    if (keep.length) {
      await insertWithIds(
        tx,
        keep.map((a) => a.recipe),
      );
      await moveIdentityPastMax(tx);
      for (const { recipe } of keep) await insertPhotos(tx, recipe.id, recipe);
    }
    for (const item of renumber) {
      const same = byContent.get(item.key);
      if (same !== undefined) {
        outcomes.push(skipped(item, same));
        landed.set(item.recipe.id, same);
        continue;
      }
      const id = await insertWithNewId(tx, item.recipe);
      await insertPhotos(tx, id, item.recipe);
      byContent.set(item.key, id);
      landed.set(item.recipe.id, id);
      ids.add(id);
      outcomes.push({ index: item.index, name: item.recipe.name, kind: 'renumbered', id, fileId: item.recipe.id });
    }
    if (keeping) {
      keepingReport = await importKeeping(tx, keeping, landed, ids);
      if (keepingReport.trash.added) await moveIdentityPastMax(tx);
    }
  });

  outcomes.sort((a, b) => a.index - b.index);
  const count = { added: 0, renumbered: 0, skipped: 0, refused: 0 };
  for (const o of outcomes) count[o.kind]++;
  return { outcomes, count, ...(keepingReport ? { keeping: keepingReport } : {}) };
}

const skipped = (item: Accepted, id: number): TransferOutcome => ({
  index: item.index,
  name: item.recipe.name,
  kind: 'skipped',
  id,
  fileId: item.recipe.id,
});

// The row of a recipe from a file: its content as an editor writes it, and what the file keeps (author, version,
// both timestamps to the microsecond, which a JavaScript Date would cut).
const recipeRow = (r: TransferRecipe) => ({
  ...contentColumns(r),
  author: r.author,
  version: r.version,
  createdAt: sql`${r.createdAt}::timestamptz`,
  updatedAt: sql`${r.updatedAt}::timestamptz`,
});

// At most 12 parameters per recipe: 1000 recipes per statement stay far below PostgreSQL's 65535.
async function insertWithIds(tx: Tx, list: TransferRecipe[]): Promise<void> {
  for (let start = 0; start < list.length; start += 1000) {
    const slice = list.slice(start, start + 1000);
    await tx
      .insert(recipes)
      .overridingSystemValue()
      .values(slice.map((r) => ({ id: r.id, ...recipeRow(r) })));
  }
  await insertIngredients(
    tx,
    list.flatMap((r) => ingredientRows(r.id, r.ingredients)),
  );
  await insertRecipeCategories(tx, list);
}

async function insertWithNewId(tx: Tx, r: TransferRecipe): Promise<number> {
  const [row] = await tx.insert(recipes).values(recipeRow(r)).returning({ id: recipes.id });
  if (!row) throw new Error('INSERT returned no id');
  await insertIngredients(tx, ingredientRows(row.id, r.ingredients));
  await setRecipeCategories(tx, row.id, r.categories, { isNew: true });
  return row.id;
}

/** A recipe's photos from the file, in order; an id another photo already has is replaced by a new one. */
async function insertPhotos(tx: Tx, recipeId: number, recipe: TransferRecipe): Promise<void> {
  const list: Photo[] = recipe.photos ?? [];
  if (list.length === 0) return;
  const taken = await existingPhotoIds(
    tx,
    list.map((p) => p.id),
  );
  await tx.insert(photos).values(
    list.map((photo, position) => ({
      ...photo,
      id: taken.has(photo.id) ? randomBytes(16).toString('base64url') : photo.id,
      recipeId,
      position,
      uploadedBy: recipe.author,
    })),
  );
}

// Explicit ids bypass the identity sequence; the next recipe the API creates must still get a free id, also past
// the trash's (a restore brings a recipe back under its id). The sequence only moves forward (ids of deleted
// recipes are not handed out again). Called after rows were inserted, so the greatest id is at least 1; a
// sequence never used has no last value (null).
async function moveIdentityPastMax(tx: Tx): Promise<void> {
  await tx.execute(sql`
    SELECT setval(s.seq, greatest((SELECT max(id) FROM recipes), (SELECT max(recipe_id) FROM recipe_trash),
      coalesce(pg_sequence_last_value(s.seq), 0)), true)
    FROM (SELECT pg_get_serial_sequence('recipes', 'id')::regclass AS seq) s`);
}
