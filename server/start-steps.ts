import { resolve } from 'node:path';
import { buildApp } from './app.ts';
import { bannerLines } from './banner.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { answerBackupRequests } from './db/data-folder/backup.ts';
import { whenDataDirLost } from './db/data-folder/data-dir-lock.ts';
import { openDatabase, type Database } from './db/index.ts';
import { dataFolderProblem, folderFacts } from './db/data-folder/private-folder.ts';
import { seedRecipesIfEmpty } from './db/transfer/seed.ts';
import { closeConnectionsGracefully } from './graceful-close.ts';
import { DEMO_USERS, demoUsersWithPublishedPasswords, ensureDemoUsers } from './idp/index.ts';
import { buildSite, siteNeedsBuild } from './site/build.ts';

// The steps of `npm start`, in the order server/start.ts runs them. This module brings in everything
// heavy, so start.ts imports it only after its signal handlers are in place; start.ts also handles a
// signal between the steps. A step that cannot go on says why on stderr and exits 1.

export function loadSettings(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

export function buildSiteIfNeeded(root: string, config: Config): void {
  if (!config.serveSite || !siteNeedsBuild(root, config.siteDir)) return;
  console.log('Building the site (dist/ is missing or older than its sources)…');
  buildSite(root, config.siteDir);
}

/**
 * The data folder (the embedded database, the embedded provider's keys) must be this user's and writable: a
 * read-only volume or another user's folder stops the start here with one sentence, not a stack trace.
 */
export function checkDataFolder(config: Config): void {
  if (config.databaseUrl && !config.embeddedIdp) return;
  const problem = dataFolderProblem(folderFacts(config.dataDir), process.getuid?.());
  if (!problem) return;
  console.error(problem);
  process.exit(1);
}

/** Whether PostgreSQL was reached at start, and what to run once it is (set by setUpDemoUsers). */
export type DatabaseState = { ready: boolean; whenReady: (() => Promise<void>) | undefined };

// PostgreSQL down at start is not fatal: the API starts, answers 503, and keeps trying in the background
// (one line now, one when it is reached). The embedded PGlite either opens or the start fails.
export async function openTheDatabase(config: Config): Promise<{ db: Database; state: DatabaseState }> {
  const state: DatabaseState = { ready: true, whenReady: undefined };
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    connectTimeoutMs: config.database.connectTimeoutMs,
    statementTimeoutMs: config.database.statementTimeoutMs,
    onWaiting: (reason, retryInMs) => {
      state.ready = false;
      console.warn(
        `PostgreSQL cannot be reached (${reason}): the API answers 503 until it can; next try in ${retryInMs / 1000} s.`,
      );
    },
    onReady: () => {
      console.log('PostgreSQL reached: migrations applied, the API answers again.');
      state
        .whenReady?.()
        .catch((error: unknown) => console.error(`Setting up the demo users failed: ${String(error)}`));
    },
  }).catch((error: unknown) => {
    console.error(`Cannot open the database: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
  return { db, state };
}

// The embedded default gets demo content on its first start; a configured PostgreSQL is left as it is.
export async function seedRecipes(config: Config, db: Database): Promise<number> {
  return config.databaseUrl ? 0 : await seedRecipesIfEmpty(db);
}

/** Filled in by setUpDemoUsers, now or once PostgreSQL is reached; the banner shows what it holds by then. */
export type DemoUsersFound = { created: string[]; exposed: string[] };

// Demo users (published passwords) only when the product is served on a loopback address, or when asked
// (server/demo-user-policy.ts); with PostgreSQL not reached yet, once it is.
export async function setUpDemoUsers(config: Config, db: Database, state: DatabaseState): Promise<DemoUsersFound> {
  const found: DemoUsersFound = { created: [], exposed: [] };
  const setUp = async () => {
    found.created = config.embeddedIdp && config.idp.seedDemoUsers ? await ensureDemoUsers(db) : [];
    found.exposed = config.embeddedIdp && !config.idp.seedDemoUsers ? await demoUsersWithPublishedPasswords(db) : [];
  };
  if (state.ready) await setUp();
  else state.whenReady = setUp;
  return found;
}

// The app plugin on an instance with the server options (server/app.ts); its shutdown drains keep-alive
// connections (server/graceful-close.ts), a hook that must be in place before the instance is ready.
export async function buildTheApp(config: Config, db: Database) {
  const app = await buildApp(config, { db, before: closeConnectionsGracefully });
  // `npm run db:backup` of the running embedded database: requests arrive as files in DATA_DIR (PGlite only).
  const stopAnsweringBackups = await answerBackupRequests(db, config.dataDir, app.log);
  return { app, stopAnsweringBackups };
}
export type Built = Awaited<ReturnType<typeof buildTheApp>>;

export async function listen({ app }: Built, config: Config, db: Database): Promise<void> {
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    app.log.error(error);
    await db.close();
    process.exit(1);
  }
}

// Graceful shutdown: stop accepting, answer in-flight requests, tell keep-alive clients to close
// (server/graceful-close.ts), then close the database (which releases the data folder).
export async function shutdown(
  { app, stopAnsweringBackups }: Built,
  db: Database,
  signal: NodeJS.Signals,
): Promise<never> {
  app.log.info({ signal }, 'shutting down');
  stopAnsweringBackups();
  try {
    await app.close();
    await db.close();
  } catch (error) {
    app.log.error(error);
    process.exit(1);
  }
  app.log.info('stopped');
  process.exit(0);
}

/** How long a server that lost its data folder keeps answering 503 (to what reached it while frozen) before it exits. */
const LOST_EXIT_MS = 2_000;

/**
 * Another server took the embedded database's folder over while this one was frozen (docker pause): from then on
 * every query here is refused (server/db/pglite.ts) and requests answer 503. Say so, answer what is already on its
 * way for a moment, and exit 1 without closing the database (closing writes into the folder). A process manager
 * that restarts it finds the folder held by the other server and is told so.
 */
export function exitWhenDataFolderLost(running: { app?: Built['app'] }): void {
  whenDataDirLost((error) => {
    if (running.app) running.app.log.error({ dataDir: error.dataDir }, error.message);
    else console.error(error.message);
    setTimeout(() => process.exit(1), LOST_EXIT_MS);
  });
}

export function printBanner(
  config: Config,
  db: Database,
  started: { seeded: number; state: DatabaseState; demoUsers: DemoUsersFound },
): void {
  const lines = bannerLines({
    config,
    databaseKind: db.kind,
    dataFolder: resolve(config.dataDir),
    seeded: started.seeded,
    databaseReady: started.state.ready,
    demoAccounts: DEMO_USERS,
    createdDemoUsers: started.demoUsers.created,
    exposedDemoUsers: started.demoUsers.exposed,
  });
  console.log(lines.join('\n') + '\n');
}
