// The product server as the bench runs it, in its own process so autocannon never shares its event
// loop. Two modes, both driven by one JSON argument (bench code never reads process.env):
//   seed  — open the database, add recipes in bulk, close, print timing, exit;
//   serve — build the real app (buildApp), listen, print the port and pid, run until SIGTERM.
// Seeding happens in a separate process on purpose: PGlite's WebAssembly heap never shrinks, so
// seeding inside the server would inflate the RSS we report.
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/index.ts';
import { insertBenchRecipes } from './bulk-seed.ts';

export type ServerArgs =
  | { mode: 'seed'; dataDir: string; databaseUrl?: string; from: number; to: number }
  | { mode: 'serve'; dataDir: string; databaseUrl?: string; keycloakUrl: string };

const READY = 'BENCH_READY '; // child.ts waits for this prefix

const args = JSON.parse(process.argv[2] ?? '{}') as ServerArgs;

if (args.mode === 'seed') {
  const db = await openDatabase({ databaseUrl: args.databaseUrl, dataDir: args.dataDir });
  const started = performance.now();
  await insertBenchRecipes(db, args.from, args.to).catch(async (error: Error) => {
    // Drizzle puts the whole bound JSON (megabytes) into its message: show the start and the cause.
    console.error(`seeding failed: ${error.message.slice(0, 400)}\n${String(error.cause).slice(0, 400)}`);
    await db.close();
    process.exit(1);
  });
  const seconds = (performance.now() - started) / 1000;
  await db.close();
  console.log(READY + JSON.stringify({ inserted: args.to - args.from, seconds }));
} else {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: args.dataDir,
    DATABASE_URL: args.databaseUrl,
    KEYCLOAK_URL: args.keycloakUrl,
    SERVE_SITE: 'false',
    LOG_LEVEL: 'silent',
    // The write limit protects production; here it would turn the PUT figures into 429s.
    WRITE_RATE_LIMIT: '1000000',
    // The same for filtered reads (FILTER_READ_RATE_LIMIT): the benches send thousands a minute from one address.
    FILTER_READ_RATE_LIMIT: '1000000',
  });
  // Imported here, not at the top: the seed step needs only the database, not the whole app.
  const { buildApp } = await import('../server/app.ts');
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    connectTimeoutMs: config.database.connectTimeoutMs,
    statementTimeoutMs: config.database.statementTimeoutMs,
  });
  const app = await buildApp(config, { db });
  await app.listen({ port: 0, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(READY + JSON.stringify({ port, pid: process.pid, apiBasePath: config.apiBasePath }));
  process.once('SIGTERM', () => {
    void app
      .close()
      .then(() => db.close())
      .finally(() => process.exit(0));
  });
}
