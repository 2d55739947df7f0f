// `npm run import-app -- FILE [--author NAME]` (in the image: `recipe-book import-app FILE`): moves a whole collection
// in from another recipe app (Paprika, Mealie, Tandoor, Nextcloud Cookbook, RecipeSage, schema.org JSON-LD) into the
// configured database, as the site's 'Flytta in recept' does (server/move-in/), and prints the same report.
// For collections too big to upload comfortably; the file's limits are the server's (COLLECTION_*).
// Exit status: 0 every recipe imported or already here, 3 some could not be imported, 1 nothing done or stopped
// midway (run it again: it finishes the rest), 2 usage.
import { statSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase, unavailableReason } from '../db/index.ts';
import { createDatabaseGate } from '../db/database-gate.ts';
import { SEED_AUTHOR } from '../db/transfer/seed.ts';
import { createPhotoLibrary } from '../photos/photo-library.ts';
import { createPhotoProcessor } from '../photos/photo-processor.ts';
import { openPhotoStore } from '../photos/photo-stores.ts';
import { APP_NAMES, CollectionFileError, createCollectionReader } from '../move-in/apps/collection-reader.ts';
import { createRecipeMatcher } from '../move-in/same-recipe.ts';
import { importCollection, ImportStoppedError } from '../move-in/import-collection.ts';
import { notImported, reportLines } from '../move-in/report-lines.ts';

const USAGE = 'npm run import-app -- FILE [--author NAME]';
let file: string;
let author: string;
try {
  const { values, positionals } = parseArgs({ options: { author: { type: 'string' } }, allowPositionals: true });
  if (positionals.length !== 1 || !positionals[0] || positionals[0].startsWith('-')) throw new Error('one FILE');
  file = positionals[0];
  // The recipes' author is an account of the book, as when an editor imports on the site.
  author = values.author?.trim() || SEED_AUTHOR;
} catch {
  console.error(`Usage: ${USAGE}`);
  process.exit(2);
}

// Warnings and errors of the database gate and the photo library, one line each on stderr.
const quiet = () => undefined;
const log = {
  level: 'warn',
  fatal: (...args: unknown[]) => console.error(...args.filter((a) => typeof a === 'string')),
  error: (...args: unknown[]) => console.error(...args.filter((a) => typeof a === 'string')),
  warn: (...args: unknown[]) => console.error(...args.filter((a) => typeof a === 'string')),
  info: quiet,
  debug: quiet,
  trace: quiet,
  silent: quiet,
  child: () => log,
} as unknown as FastifyBaseLogger;

try {
  const config = loadConfig();
  const limits = config.collections;
  if (statSync(file).size > limits.maxBytes)
    throw new CollectionFileError(
      `${file} is larger than COLLECTION_MAX_BYTES (${limits.maxBytes} bytes); raise it to import this file.`,
    );
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const where = db.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL';
  const reader = createCollectionReader({
    maxRecipes: limits.maxRecipes,
    maxIngredients: limits.maxIngredients,
    maxUnpackedBytes: limits.maxUnpackedBytes,
    photoMaxBytes: config.photos.maxBytes,
    timeoutMs: limits.readTimeoutMs,
  });
  const gate = createDatabaseGate(config.database.requestTimeoutMs, log);
  const library = createPhotoLibrary({
    db,
    gate,
    store: await openPhotoStore(config, db.orm),
    processor: createPhotoProcessor({ timeoutMs: config.photos.timeoutMs }),
    log,
    unsaved: config.photos.unsaved,
  });
  // Ctrl-C stops before the next recipe: what is written stays, and running the file again finishes the rest.
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  process.once('SIGTERM', () => stop.abort());
  try {
    const scan = await reader.scan(file, basename(file));
    console.log(`${file}: ${APP_NAMES[scan.format]}, ${scan.recipes.length} recipes.`);
    for (const note of scan.notes) console.log(`  ${note}`);
    let shown = 0;
    const report = await importCollection({
      db,
      gate,
      library,
      reader,
      path: file,
      scan,
      author,
      matcher: await createRecipeMatcher(db, gate),
      signal: stop.signal,
      // A line per tenth of the file (and the last), on stderr: the report is stdout's.
      onProgress: ({ done, total }) => {
        if (done < total && done - shown < Math.max(1, Math.ceil(total / 10))) return;
        shown = done;
        console.error(`  ${done}/${total}`);
      },
    });
    console.log(
      `Imported ${file} into ${where}: ${report.imported.length} imported, ${report.skipped.length} skipped.`,
    );
    for (const line of reportLines(report)) console.log(line);
    if (notImported(report).length > 0) process.exitCode = 3;
  } finally {
    await Promise.allSettled([reader.close(), library.close()]);
    await db.close();
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof CollectionFileError) console.error(error.message);
  else if (error instanceof ImportStoppedError) {
    for (const line of reportLines(error.report)) console.log(line);
    console.error(`import-app stopped before the end (${error.message}); run it again to import the rest.`);
  } else if ((error as NodeJS.ErrnoException).code === 'ENOENT') console.error(`${file} does not exist.`);
  else console.error(`import-app failed: ${unavailableReason(error)}`);
  process.exit(1);
}
