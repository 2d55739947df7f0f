// `npm run db:seed`: puts the demo recipes into the configured database (PGlite in DATA_DIR, or
// PostgreSQL with DATABASE_URL). By default only an empty database is seeded; `--missing` also
// adds the demo recipes whose names are not present yet, without touching anything else.
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/index.ts';
import { seedRecipes } from '../db/transfer/seed.ts';
import { SEED_RECIPES } from '../db/transfer/seed-recipes.ts';

const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== '--missing');
if (unknown.length) {
  console.error(`Unknown argument ${unknown.join(' ')}. Usage: npm run db:seed [-- --missing]`);
  process.exit(2);
}

try {
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const where = db.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL';
    const inserted = await seedRecipes(db, { onlyIfEmpty: !args.includes('--missing') });
    if (inserted) console.log(`Seeded ${inserted} of ${SEED_RECIPES.length} demo recipes into ${where}.`);
    else if (args.includes('--missing'))
      console.log(`All ${SEED_RECIPES.length} demo recipes are already in ${where}.`);
    else console.log(`${where} already has recipes; nothing seeded (use --missing to add absent demo recipes).`);
  } finally {
    await db.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `db:seed failed: ${(error as Error).message}`);
  process.exit(1);
}
