// The trash and the history in a transfer file (issue 41, format recipe-book/5, `db:export -- FILE
// --with-trash-and-history`): read for the export, written by the import inside its one transaction, after the
// recipes, so that each saved version follows its recipe to the id it landed under.
//
// Per trash entry:  added       its id was free: it stays in the trash under that id.
//                   renumbered  its id is taken (a recipe or another deleted one): a new id from the recipes' sequence.
//                   skipped     the same recipe at the same version is already in the trash.
//                   refused     it breaks a rule, or the file lacks the version its content is.
// Per version: stored under the recipe's id here (a version the recipe already has is skipped), or refused when its
// recipe is neither among the file's recipes nor in its trash. Photos only versions name are kept for the same id.
import { and, asc, isNotNull, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { photos } from '../schema/photo-tables.ts';
import { existingPhotoIds } from '../repositories/photo-repository.ts';
import { isoTime } from '../repositories/recipe-rows.ts';
import { recipeTrash, recipeVersions } from '../schema/history-tables.ts';
import {
  firstProblem,
  keptPhotoSchema,
  trashEntrySchema,
  versionEntrySchema,
  type ExportedKeptPhoto,
  type ExportedTrashEntry,
  type ExportedVersion,
} from './transfer-format.ts';
import type { AppDatabase } from '../index.ts';
import type { Transaction as Tx } from '../types.ts';

export type Keeping = { trash: ExportedTrashEntry[]; history: ExportedVersion[]; keptPhotos: ExportedKeptPhoto[] };

/** The trash, every saved version and the kept photos, each in a stable order. */
export async function readKeeping(db: AppDatabase | Tx): Promise<Keeping> {
  const trash = await db.select().from(recipeTrash).orderBy(asc(recipeTrash.recipeId));
  const history = await db
    .select()
    .from(recipeVersions)
    .orderBy(asc(recipeVersions.recipeId), asc(recipeVersions.version));
  const kept = await db
    .select()
    .from(photos)
    .where(and(isNull(photos.recipeId), isNotNull(photos.keptFor)))
    .orderBy(asc(photos.id));
  return {
    trash: trash.map((t) => ({
      id: t.recipeId,
      name: t.name,
      author: t.author,
      createdAt: isoTime(t.createdAt),
      version: t.version,
      deletedAt: isoTime(t.deletedAt),
      deletedBy: t.deletedBy,
    })),
    history: history.map((v) => ({
      recipeId: v.recipeId,
      version: v.version,
      savedAt: isoTime(v.savedAt),
      savedBy: v.savedBy,
      recipe: v.content,
    })),
    keptPhotos: kept.map((p) => ({
      id: p.id,
      alt: p.alt,
      width: p.width,
      height: p.height,
      placeholder: p.placeholder,
      files: p.files,
      keptFor: p.keptFor as number,
      uploadedBy: p.uploadedBy,
    })),
  };
}

type Count = { added: number; renumbered: number; skipped: number; refused: number };
export type KeepingReport = {
  trash: Count;
  versions: Omit<Count, 'renumbered'>;
  keptPhotos: number;
  /** One line per trash entry stored under a new id. */
  notes: string[];
  /** One line per refused entry: which and why. */
  problems: string[];
};

/** The version 5 lists of a document, checked: what breaks a rule is reported and left out, the rest is typed. */
export function checkKeeping(document: { trash?: unknown; history?: unknown; keptPhotos?: unknown }): CheckedKeeping {
  const problems: string[] = [];
  const refused = { trash: 0, history: 0 };
  const parse = <S extends z.ZodType>(list: unknown, what: 'trash' | 'history' | 'keptPhotos', schema: S) => {
    const ok: z.output<S>[] = [];
    if (list === undefined) return ok;
    if (!Array.isArray(list)) {
      problems.push(`"${what}" is not a list: none of it was imported`);
      return ok;
    }
    list.forEach((raw, index) => {
      const parsed = schema.safeParse(raw);
      if (parsed.success) return ok.push(parsed.data);
      if (what !== 'keptPhotos') refused[what]++;
      problems.push(`${what} #${index + 1}: ${firstProblem(parsed.error)}`);
    });
    return ok;
  };
  return {
    trash: parse(document.trash, 'trash', trashEntrySchema),
    history: parse(document.history, 'history', versionEntrySchema),
    keptPhotos: parse(document.keptPhotos, 'keptPhotos', keptPhotoSchema),
    refused,
    problems,
  };
}

export type CheckedKeeping = {
  trash: ExportedTrashEntry[];
  history: z.output<typeof versionEntrySchema>[];
  keptPhotos: ExportedKeptPhoto[];
  refused: { trash: number; history: number };
  problems: string[];
};

/**
 * Writes the checked trash, versions and kept photos inside the import's transaction. `landed`: each of the file's
 * recipes' id -> the id it has here (added, renumbered or already present); `taken`: every id in use (recipes and
 * trash), updated here.
 */
export async function importKeeping(
  tx: Tx,
  keeping: CheckedKeeping,
  landed: Map<number, number>,
  taken: Set<number>,
): Promise<KeepingReport> {
  const report: KeepingReport = {
    trash: { added: 0, renumbered: 0, skipped: 0, refused: 0 },
    versions: { added: 0, skipped: 0, refused: 0 },
    keptPhotos: 0,
    notes: [],
    problems: [...keeping.problems],
  };
  report.trash.refused = keeping.refused.trash;
  report.versions.refused = keeping.refused.history;

  const versionsOf = new Map<number, Set<number>>();
  for (const v of keeping.history) versionsOf.set(v.recipeId, (versionsOf.get(v.recipeId) ?? new Set()).add(v.version));
  const inTrash = new Map(
    (await tx.select({ id: recipeTrash.recipeId, version: recipeTrash.version }).from(recipeTrash)).map((t) => [
      t.id,
      t.version,
    ]),
  );

  for (const entry of keeping.trash) {
    const which = `trash "${entry.name}" (id ${entry.id})`;
    if (!versionsOf.get(entry.id)?.has(entry.version)) {
      report.trash.refused++;
      report.problems.push(`${which}: its version ${entry.version} is not in the file's history`);
      continue;
    }
    if (inTrash.get(entry.id) === entry.version) {
      report.trash.skipped++;
      landed.set(entry.id, entry.id);
      continue;
    }
    let id = entry.id;
    if (taken.has(id)) {
      // Both drivers answer { rows }; execute's type is the driver's own.
      const result = await tx.execute(sql`SELECT nextval(pg_get_serial_sequence('recipes', 'id'))::int AS id`);
      id = Number((result as { rows: { id: number }[] }).rows[0]?.id);
      report.trash.renumbered++;
      report.notes.push(`${which}: the id is taken, kept in the trash as id ${id}`);
    } else report.trash.added++;
    taken.add(id);
    landed.set(entry.id, id);
    await tx.insert(recipeTrash).values({
      recipeId: id,
      name: entry.name,
      author: entry.author,
      createdAt: sql`${entry.createdAt}::timestamptz`,
      version: entry.version,
      deletedAt: sql`${entry.deletedAt}::timestamptz`,
      deletedBy: entry.deletedBy,
    });
  }

  const rows = [];
  for (const v of keeping.history) {
    const id = landed.get(v.recipeId);
    if (id === undefined) {
      report.versions.refused++;
      report.problems.push(`history of recipe ${v.recipeId}, version ${v.version}: the recipe is not in the file`);
      continue;
    }
    rows.push({
      recipeId: id,
      version: v.version,
      savedAt: sql`${v.savedAt}::timestamptz`,
      savedBy: v.savedBy,
      content: { ...v.recipe, id },
    });
  }
  // 5 parameters a row: 1000 rows a statement stay far below PostgreSQL's 65535.
  for (let start = 0; start < rows.length; start += 1000) {
    const slice = rows.slice(start, start + 1000);
    const added = await tx
      .insert(recipeVersions)
      .values(slice as never)
      .onConflictDoNothing()
      .returning({ id: recipeVersions.recipeId });
    report.versions.added += added.length;
    report.versions.skipped += slice.length - added.length;
  }

  const kept = keeping.keptPhotos.flatMap((p) => {
    const id = landed.get(p.keptFor);
    return id === undefined ? [] : [{ ...p, keptFor: id, recipeId: null }];
  });
  if (kept.length) {
    const present = await existingPhotoIds(
      tx,
      kept.map((p) => p.id),
    );
    const fresh = kept.filter((p) => !present.has(p.id));
    if (fresh.length) await tx.insert(photos).values(fresh);
    report.keptPhotos = fresh.length;
  }
  return report;
}
