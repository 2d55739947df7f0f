import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import { loadConfig, ConfigError, type Config } from './config.ts';
import { openDatabase } from './db/index.ts';
import { seedRecipesIfEmpty } from './db/seed.ts';
import { demoUsersWithPublishedPasswords, ensureDemoUsers, DEMO_USERS } from './idp/index.ts';
import { buildApp } from './app.ts';
import { buildSite, siteNeedsBuild } from './site-build.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

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
  buildSite(root, config.siteDir);
}

const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch((error: Error) => {
  console.error(`Cannot open the database: ${error.message}`);
  process.exit(1);
});

// The embedded default gets demo content on its first start; a configured PostgreSQL is left as it is.
const seeded = config.databaseUrl ? 0 : await seedRecipesIfEmpty(db);
// Demo users (published passwords) only when the product is served on a loopback address, or when asked.
const demoUsers = config.embeddedIdp && config.idp.seedDemoUsers ? await ensureDemoUsers(db) : [];
const exposedDemoUsers = config.embeddedIdp && !config.idp.seedDemoUsers ? await demoUsersWithPublishedPasswords(db) : [];

const app = await buildApp(config, { db });
try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.error(error);
  await db.close();
  process.exit(1);
}

const lines = [
  '',
  `  Receptboken kör på ${config.publicUrl}`,
  `  API: ${config.publicUrl}${config.apiBasePath} (referens: ${config.publicUrl}${config.apiBasePath}/docs)`,
  `  Databas: ${db.kind === 'pglite' ? `PGlite i ${resolve(config.dataDir)}` : 'PostgreSQL'}${seeded ? ` (${seeded} recept inlagda)` : ''}`,
  config.embeddedIdp
    ? `  Inloggning: inbyggd identitetsleverantör på ${config.issuer}`
    : `  Inloggning: Keycloak på ${config.issuer}`,
];
if (config.embeddedIdp && config.idp.seedDemoUsers) {
  lines.push('  Demokonton:');
  for (const u of DEMO_USERS) lines.push(`    ${u.username} / ${u.password}  ${u.editor ? '(redaktör)' : '(besökare)'}`);
  if (demoUsers.length) lines.push(`  (skapade nu: ${demoUsers.join(', ')})`);
} else if (config.embeddedIdp) {
  lines.push(
    `  Inga demokonton: ${config.publicUrl} är ingen loopback-adress (IDP_SEED_DEMO_USERS=true skapar dem ändå).`,
    '  Skapa den första redaktören: npm run users -- add <användarnamn> --email <e-post> --first <förnamn> --last <efternamn> --editor',
  );
  if (exposedDemoUsers.length) {
    lines.push(`  VARNING: ${exposedDemoUsers.join(', ')} har fortfarande sitt publicerade lösenord: npm run users -- passwd <användarnamn>`);
  }
}
console.log(lines.join('\n') + '\n');

// Graceful shutdown: stop accepting, let in-flight requests finish, then close the database.
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) process.exit(1);
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app
      .close()
      .then(() => db.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error(error);
        process.exit(1);
      });
  });
}
