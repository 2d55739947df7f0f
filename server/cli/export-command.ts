// `npm run db:export -- FILE`: writes every recipe of the configured database (PGlite in DATA_DIR, or
// PostgreSQL with DATABASE_URL) to FILE as one JSON document (server/db/transfer/transfer-export.ts). The file is
// written beside its final name and renamed into place, so an interrupted export never leaves half a file.
// `--with-trash-and-history` adds the trash and every recipe's saved versions (format recipe-book/5, issue 41).
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { ConfigError, loadConfig } from '../config.ts';
// unavailableReason: the driver's code and message, not drizzle's "Failed query: <SQL> params: <recipe text>".
import { openDatabase, unavailableReason } from '../db/index.ts';
import { exportTransfer, serialiseDocument } from '../db/transfer/transfer-export.ts';
import { openPhotoStore } from '../photos/photo-stores.ts';
import { fileArgument } from './file-argument.ts';

const WITH = '--with-trash-and-history';
const { file, flags } = fileArgument(`npm run db:export -- FILE [${WITH}]`, [WITH]);

try {
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const where = db.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL';
  try {
    const store = await openPhotoStore(config, db.orm);
    const document = await exportTransfer(db.orm, new Date(), store, { withTrashAndHistory: flags.has(WITH) }).finally(
      () => store.close(),
    );
    const partial = `${file}.partial-${process.pid}`;
    try {
      writeFileSync(partial, serialiseDocument(document));
      renameSync(partial, file);
    } finally {
      rmSync(partial, { force: true });
    }
    const kept = document.trash
      ? `, ${document.trash.length} in the trash and ${document.history?.length ?? 0} saved versions`
      : '';
    console.log(
      `Exported ${document.recipes.length} recipes${kept} from ${where} to ${file} (format ${document.format}).`,
    );
  } finally {
    await db.close();
  }
} catch (error) {
  // The file is one JSON text, and V8's strings stop at about 512 MB (photos in base64, a long history).
  if (error instanceof RangeError && /string length/i.test(error.message))
    console.error(
      'db:export failed: the export is larger than one JSON file can hold (about 512 MB of text). Export without ' +
        '--with-trash-and-history, or keep less history (HISTORY_MAX_VERSIONS, HISTORY_MAX_DAYS) and let the sweep prune it first.',
    );
  else console.error(error instanceof ConfigError ? error.message : `db:export failed: ${unavailableReason(error)}`);
  process.exit(1);
}
