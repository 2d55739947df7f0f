// The import of a scanned collection, one recipe at a time and each in its own transaction (the repository's
// createRecipeOnce, as POST /recipes): what was written stays written when the import stops midway (a restart, the
// connection gone), and running the same file again skips what is already here and finishes the rest. Per recipe:
// a problem the reader found, or a rule the schema refuses, skips it with the reason; the same name and content as a
// recipe here skips it as already here; otherwise its photos go through the photo pipeline and it is saved.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Database } from '../db/index.ts';
import type { DatabaseGate } from '../db/database-gate.ts';
import { isDatabaseUnavailable } from '../db/index.ts';
import { createRecipeOnce } from '../db/repositories/recipe-repository.ts';
import { PhotoStoreError, type PhotoLibrary } from '../photos/photo-library.ts';
import type { CollectionReader, CollectionScan } from './apps/collection-reader.ts';
import { collectionInput } from './collection-input.ts';
import { uploadCollectionPhotos } from './collection-photos.ts';
import { SAME_NAME_NOTE, shownName, SKIPPED, type CollectionReport, type ProgressLine } from './collection-report.ts';
import type { RecipeMatcher } from './same-recipe.ts';

export type ImportOptions = {
  db: Database;
  gate: DatabaseGate;
  library: PhotoLibrary;
  reader: CollectionReader;
  /** The uploaded file the scan read (the photos are read from it one at a time). */
  path: string;
  scan: CollectionScan;
  /** Who imports: the recipes' author and the photos' uploader, as for POST /recipes. */
  author: string;
  /** The book's recipes as they were when the import began (createRecipeMatcher: read before the answer starts). */
  matcher: RecipeMatcher;
  onProgress?: (line: ProgressLine) => void;
  /** After each recipe written (the API's caches start catching up). */
  onWrite?: () => void;
  /** Aborted: the import stops before the next recipe (what is written stays). */
  signal?: AbortSignal;
};

/** The import stopped before its end (aborted, or the database away): what was written stays, `report` says what. */
export class ImportStoppedError extends Error {
  report: CollectionReport = { imported: [], skipped: [] };
}

// A write that timed out was not committed (the write deadline, migration 006): it is tried again a few times
// while the database catches up with other work, then the import stops.
const WRITE_TRIES = 3;
const WRITE_WAIT_MS = 1000;

async function write<T>(gate: DatabaseGate, work: (deadline: number) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await gate.run(work, 'write');
    } catch (error) {
      if (!isDatabaseUnavailable(error) || attempt >= WRITE_TRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, WRITE_WAIT_MS));
    }
  }
}

/** The database or the photo store away: every recipe after this one would fail too, so the import stops. */
async function stopWhenAway<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isDatabaseUnavailable(error) || error instanceof PhotoStoreError)
      throw new ImportStoppedError('The database or the photo store cannot be reached', { cause: error });
    throw error;
  }
}

/** Imports every recipe of `scan`; resolves with the report, or throws ImportStoppedError when it was stopped. */
export async function importCollection(options: ImportOptions): Promise<CollectionReport> {
  const { db, gate, library, reader, path, scan, author, matcher, onProgress, onWrite, signal } = options;
  const report: CollectionReport = { imported: [], skipped: [] };
  const writtenNow = new Set<number>();
  const total = scan.recipes.length;
  try {
    for (const [done, recipe] of scan.recipes.entries()) {
      if (signal?.aborted) throw new ImportStoppedError('The import was stopped');
      await importOne(recipe);
      onProgress?.({ type: 'progress', done: done + 1, total });
      // One recipe's database work at a time on the event loop (PGlite runs on it), then everyone else's turn.
      await nextTurn();
    }
  } catch (error) {
    if (error instanceof ImportStoppedError) error.report = report;
    throw error;
  }
  return report;

  async function importOne(recipe: CollectionScan['recipes'][number]): Promise<void> {
    const skip = (reason: string) =>
      void report.skipped.push({ index: recipe.index, name: shownName(recipe.draft.name, recipe.index), reason });
    if (recipe.problem) return skip(recipe.problem);
    const checked = collectionInput(recipe);
    if (checked.kind === 'invalid') return skip(checked.reason);
    const same = await stopWhenAway(() => matcher.find(checked.input));
    if (same.kind === 'here') return skip(writtenNow.has(same.id) ? SKIPPED.earlierInFile : SKIPPED.alreadyHere);
    const { photos, notes: photoNotes } = await stopWhenAway(() =>
      uploadCollectionPhotos({ reader, library, path, uploadedBy: author }, recipe.photos),
    );
    const input = { ...checked.input, ...(photos.length ? { photos } : {}) };
    const created = await stopWhenAway(() =>
      write(gate, (deadline) => createRecipeOnce(db.orm, input, author, undefined, deadline)),
    );
    if (created.kind === 'key-reused') throw new Error('createRecipeOnce without a key answered key-reused');
    const { id } = created.recipe;
    matcher.remember(id, checked.input);
    writtenNow.add(id);
    const notes = [...checked.notes, ...(same.kind === 'same-name' ? [SAME_NAME_NOTE] : []), ...photoNotes];
    const { review } = checked;
    report.imported.push({
      index: recipe.index,
      name: created.recipe.name,
      id,
      notes,
      ...(review?.length ? { review } : {}),
    });
    onWrite?.();
  }
}
