// `npm run db:restore -- FILE [--force]`: makes DATA_DIR from a backup written by `npm run db:backup`
// (server/db/restore.ts). DATA_DIR must be empty or absent; --force replaces a data folder no server runs
// on, keeping the old one beside it. PostgreSQL: pg_restore or psql (see the README).
import { ConfigError, loadConfig } from '../config.ts';
import { DataDirInUseError } from '../db/index.ts';
import { restoreBackup, RestoreRefusedError } from '../db/restore.ts';
import { fileArgument } from './file-argument.ts';

const { file, flags } = fileArgument('npm run db:restore -- FILE [--force]', ['--force']);
const force = flags.has('--force');

try {
  const config = loadConfig();
  if (config.databaseUrl) throw new RestoreRefusedError('DATABASE_URL is set: restore PostgreSQL with pg_restore or psql (see the README); db:restore makes an embedded data folder.');
  const report = await restoreBackup(file, config.dataDir, { force });
  console.log(`Restored ${file} into ${config.dataDir}: ${report.recipes} recipes, ${report.users} users.`);
  if (report.replacedKeptAt) console.log(`The data folder it replaced is kept as ${report.replacedKeptAt}; delete it once you have checked the restore.`);
} catch (error) {
  const known = error instanceof ConfigError || error instanceof RestoreRefusedError || error instanceof DataDirInUseError;
  console.error(known ? (error as Error).message : `db:restore failed: ${(error as Error).message}`);
  process.exit(1);
}
