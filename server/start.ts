import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import type { Config } from './config.ts';
import type { Database } from './db/index.ts';

// `npm start` runs this file with Node's own type stripping (no run-time transpiler in between, see
// docs/decisions/server-lifecycle.md), so a signal reaches this process and nothing kills it early.

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

// One signal, one graceful stop. npm forwards SIGINT and SIGTERM to us, and a signal to the whole
// process group (Ctrl-C, systemd's default stop) reaches us directly as well: the copies that follow
// the first are expected and ignored. A stop that hangs ends after FORCE_EXIT_MS with exit code 1.
const FORCE_EXIT_MS = 10_000;
let stopSignal: NodeJS.Signals | undefined;
// eslint-disable-next-line prefer-const -- assigned once the app exists, read by the signal handler before that
let onStop: (() => void) | undefined;
let log: (message: string) => void = (message) => console.log(message);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopSignal) {
      log(`${signal}: already stopping (after ${stopSignal})`);
      return;
    }
    stopSignal = signal;
    const force = setTimeout(() => {
      console.error(`Stopping took longer than ${FORCE_EXIT_MS / 1000} s: exiting without finishing.`);
      process.exit(1);
    }, FORCE_EXIT_MS);
    force.unref();
    onStop?.();
  });
}

// Everything else is imported only now, so that a signal during module loading is already handled.
const [
  { loadConfig, ConfigError },
  { openDatabase },
  { seedRecipesIfEmpty },
  { demoUsersWithPublishedPasswords, ensureDemoUsers, DEMO_USERS },
  { buildApp },
  { closeConnectionsGracefully },
  { buildSite, siteNeedsBuild },
  { answerBackupRequests },
] = await Promise.all([
  import('./config.ts'),
  import('./db/index.ts'),
  import('./db/seed.ts'),
  import('./idp/index.ts'),
  import('./app.ts'),
  import('./graceful-close.ts'),
  import('./site/build.ts'),
  import('./db/backup.ts'),
]);
await stopIfAsked();

/** Signals are handled between start-up steps: whatever is open so far is closed, and the exit is 0. */
async function stopIfAsked(db?: Database): Promise<void> {
  // A signal that arrived during synchronous work (the site build) is delivered on the next turn.
  await new Promise((resolve) => setImmediate(resolve));
  if (!stopSignal) return;
  await db?.close();
  process.exit(0);
}

function readConfig(): Config {
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

const config = readConfig();
if (config.serveSite && siteNeedsBuild(root, config.siteDir)) {
  console.log('Building the site (dist/ is missing or older than its sources)…');
  try {
    buildSite(root, config.siteDir);
  } catch (error) {
    // Ctrl-C reaches the build too: that is a stop, not a failed build.
    await stopIfAsked();
    throw error;
  }
}
await stopIfAsked();

// PostgreSQL down at start is not fatal: the API starts, answers 503, and keeps trying in the background
// (one line now, one when it is reached). The embedded PGlite either opens or the start fails.
let databaseReady = true;
let whenReady: (() => Promise<void>) | undefined;
const db = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  connectTimeoutMs: config.database.connectTimeoutMs,
  statementTimeoutMs: config.database.statementTimeoutMs,
  onWaiting: (reason, retryInMs) => {
    databaseReady = false;
    console.warn(
      `PostgreSQL cannot be reached (${reason}): the API answers 503 until it can; next try in ${retryInMs / 1000} s.`,
    );
  },
  onReady: () => {
    console.log('PostgreSQL reached: migrations applied, the API answers again.');
    whenReady?.().catch((error: unknown) => console.error(`Setting up the demo users failed: ${String(error)}`));
  },
}).catch((error: unknown) => {
  console.error(`Cannot open the database: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
await stopIfAsked(db);

// The embedded default gets demo content on its first start; a configured PostgreSQL is left as it is.
const seeded = config.databaseUrl ? 0 : await seedRecipesIfEmpty(db);
// Demo users (published passwords) only when the product is served on a loopback address, or when asked;
// with PostgreSQL not reached yet, once it is.
let demoUsers: string[] = [];
let exposedDemoUsers: string[] = [];
const setUpUsers = async () => {
  demoUsers = config.embeddedIdp && config.idp.seedDemoUsers ? await ensureDemoUsers(db) : [];
  exposedDemoUsers = config.embeddedIdp && !config.idp.seedDemoUsers ? await demoUsersWithPublishedPasswords(db) : [];
};
if (databaseReady) await setUpUsers();
else whenReady = setUpUsers;
await stopIfAsked(db);

// The app plugin on an instance with the server options (server/app.ts); its shutdown drains keep-alive
// connections (server/graceful-close.ts), a hook that must be in place before the instance is ready.
const app = await buildApp(config, { db, before: closeConnectionsGracefully });
// `npm run db:backup` of the running embedded database: requests arrive as files in DATA_DIR (PGlite only).
const stopAnsweringBackups = await answerBackupRequests(db, config.dataDir, app.log);
log = (message) => app.log.info(message);
try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.error(error);
  await db.close();
  process.exit(1);
}

// Graceful shutdown: stop accepting, answer in-flight requests, tell keep-alive clients to close
// (server/graceful-close.ts), then close the database (which releases the data folder).
async function shutdown(signal: NodeJS.Signals): Promise<never> {
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
onStop = () => void shutdown(stopSignal!);
if (stopSignal) onStop();

const lines = [
  '',
  `  Receptboken kör på ${config.publicUrl}`,
  `  API: ${config.publicUrl}${config.apiBasePath} (referens: ${config.publicUrl}${config.apiBasePath}/docs)`,
  `  Databas: ${db.kind === 'pglite' ? `PGlite i ${resolve(config.dataDir)}` : 'PostgreSQL'}${seeded ? ` (${seeded} recept inlagda)` : ''}${databaseReady ? '' : ' (nås inte ännu, försöker igen)'}`,
  config.embeddedIdp
    ? `  Inloggning: inbyggd identitetsleverantör på ${config.issuer}`
    : `  Inloggning: Keycloak på ${config.issuer}`,
];
if (config.embeddedIdp && config.idp.seedDemoUsers) {
  const why =
    config.idp.demoUsersReason === 'setting'
      ? 'IDP_SEED_DEMO_USERS=true'
      : `bara loopback: ${config.publicUrl}, lyssnar på ${config.host}`;
  lines.push(`  Demokonton (${why}):`);
  for (const u of DEMO_USERS)
    lines.push(`    ${u.username} / ${u.password}  ${u.editor ? '(redaktör)' : '(besökare)'}`);
  if (demoUsers.length) lines.push(`  (skapade nu: ${demoUsers.join(', ')})`);
} else if (config.embeddedIdp) {
  const why = {
    setting: 'IDP_SEED_DEMO_USERS=false',
    'public-url': `${config.publicUrl} är ingen loopback-adress (IDP_SEED_DEMO_USERS=true skapar dem ändå)`,
    listening: `servern lyssnar på ${config.host}, inte bara på loopback (IDP_SEED_DEMO_USERS=true skapar dem ändå)`,
    loopback: '',
  }[config.idp.demoUsersReason];
  lines.push(
    `  Inga demokonton: ${why}.`,
    '  Skapa den första redaktören: npm run users -- add <användarnamn> --email <e-post> --first <förnamn> --last <efternamn> --editor',
  );
  if (exposedDemoUsers.length) {
    lines.push(
      `  VARNING: ${exposedDemoUsers.join(', ')} har fortfarande sitt publicerade lösenord: npm run users -- passwd <användarnamn>`,
    );
  }
}
if (!stopSignal) console.log(lines.join('\n') + '\n');
