// `npm run db:restore -- FILE [--force] [--new-keys]`: makes DATA_DIR from a backup written by `npm run db:backup`
// (server/db/data-folder/restore.ts). DATA_DIR must be empty or absent; --force replaces a data folder no server runs
// on, keeping the old one beside it. --new-keys gives the embedded provider new signing keys and ends every
// session, so whoever made or copied the backup cannot sign tokens or continue a session on this install.
// PostgreSQL: pg_restore or psql (see the README).
import { ConfigError, loadConfig } from '../config.ts';
import { DataDirInUseError, type Database } from '../db/index.ts';
import { restoreBackup, RestoreRefusedError } from '../db/data-folder/restore.ts';
import { writeNewKeys } from '../idp/protocol/keys.ts';
import { endAllSessions } from '../idp/protocol/sessions.ts';
import { fileArgument } from './file-argument.ts';

const { file, flags } = fileArgument('npm run db:restore -- FILE [--force] [--new-keys]', ['--force', '--new-keys']);
const force = flags.has('--force');
let endedSessions: number | undefined;
const newKeys = flags.has('--new-keys')
  ? async (db: Database, dir: string) => {
      await writeNewKeys(dir);
      endedSessions = await endAllSessions(db);
    }
  : undefined;

try {
  const config = loadConfig();
  if (config.databaseUrl)
    throw new RestoreRefusedError(
      'DATABASE_URL is set: restore PostgreSQL with pg_restore or psql (see the README); db:restore makes an embedded data folder.',
    );
  const report = await restoreBackup(file, config.dataDir, { force, ...(newKeys ? { prepare: newKeys } : {}) });
  console.log(`Restored ${file} into ${config.dataDir}: ${report.recipes} recipes, ${report.users} users.`);
  if (endedSessions !== undefined)
    console.log(
      `New signing keys for the identity provider; ${endedSessions} sessions from the backup ended (everyone signs in again).`,
    );
  if (report.replacedKeptAt)
    console.log(
      `The data folder it replaced is kept as ${report.replacedKeptAt}; delete it once you have checked the restore.`,
    );
} catch (error) {
  const known =
    error instanceof ConfigError || error instanceof RestoreRefusedError || error instanceof DataDirInUseError;
  console.error(known ? error.message : `db:restore failed: ${(error as Error).message}`);
  process.exit(1);
}
