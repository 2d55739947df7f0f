// `npm run db:import -- FILE`: reads an export (server/db/transfer/transfer-import.ts) into the configured database
// in one transaction and reports each recipe that was renumbered, skipped or refused (and, for a file with the trash
// and the history, what of them came in).
// Exit status: 0 all imported or skipped, 3 committed but some recipes refused, 1 nothing imported, 2 usage.
import { readFileSync } from 'node:fs';
import { ConfigError, loadConfig } from '../config.ts';
// unavailableReason: the driver's code and message, not drizzle's "Failed query: <SQL> params: <recipe text>".
import { openDatabase, unavailableReason } from '../db/index.ts';
import { importTransfer, TransferFormatError, type TransferOutcome } from '../db/transfer/transfer-import.ts';
import { openPhotoStore } from '../photos/photo-stores.ts';
import { fileArgument } from './file-argument.ts';

const { file } = fileArgument('npm run db:import -- FILE');

function describe(o: TransferOutcome): string | null {
  const which = `#${o.index + 1} "${o.name}"`;
  if (o.kind === 'renumbered')
    return `  renumbered ${which}: id ${o.fileId} belongs to another recipe, stored as id ${o.id}`;
  if (o.kind === 'skipped') return `  skipped ${which}: already present as id ${o.id}`;
  if (o.kind === 'refused') return `  refused ${which}: ${o.problem}`;
  return null;
}

function readDocument(path: string): unknown {
  const text = readFileSync(path, 'utf8');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new TransferFormatError(`${path} is not JSON (${(error as Error).message}). Nothing was imported.`);
  }
}

try {
  const config = loadConfig();
  const document = readDocument(file);
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const where = db.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL';
  try {
    const store = await openPhotoStore(config, db.orm);
    const { outcomes, count, keeping } = await importTransfer(db.orm, document, store).finally(() => store.close());
    console.log(
      `Imported ${file} into ${where}: ${count.added + count.renumbered} added (${count.renumbered} of them under a new id), ` +
        `${count.skipped} skipped as already present, ${count.refused} refused.`,
    );
    for (const line of outcomes.map(describe)) if (line) console.log(line);
    if (keeping) {
      const { trash: t, versions: v } = keeping;
      console.log(
        `The trash: ${t.added + t.renumbered} added (${t.renumbered} of them under a new id), ${t.skipped} already ` +
          `there, ${t.refused} refused. Saved versions: ${v.added} added, ${v.skipped} already there, ` +
          `${v.refused} refused. ${keeping.keptPhotos} photos kept for the history.`,
      );
      for (const line of [...keeping.notes, ...keeping.problems]) console.log(`  ${line}`);
    }
    if (count.refused || keeping?.problems.length) process.exitCode = 3;
  } finally {
    await db.close();
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof TransferFormatError) console.error(error.message);
  else console.error(`db:import failed, nothing was imported: ${unavailableReason(error)}`);
  process.exit(1);
}
