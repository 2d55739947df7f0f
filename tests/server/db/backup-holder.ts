import { addRecipe } from '../../support/recipes.ts';
// Run as a separate process by backup.test.ts: holds a PGlite folder as `npm start` does (seeded, the demo
// users, the provider's keys), answers backup requests (server/db/data-folder/backup.ts) and meanwhile stores recipes of
// three ingredients in a loop, printing each committed id, until stdin closes.
import { openDatabase } from '../../../server/db/index.ts';
import { answerBackupRequests } from '../../../server/db/data-folder/backup.ts';

import { seedRecipesIfEmpty } from '../../../server/db/transfer/seed.ts';
import { ensureDemoUsers } from '../../../server/idp/users/demo-users.ts';
import { loadOrCreateKeys } from '../../../server/idp/protocol/keys.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: backup-holder.ts DATA_DIR');
const db = await openDatabase({ dataDir });
await seedRecipesIfEmpty(db);
await ensureDemoUsers(db);
await loadOrCreateKeys(dataDir);
const stop = await answerBackupRequests(db, dataDir, {
  info: (details, message) => console.log(`LOG ${message} ${JSON.stringify(details)}`),
  error: (details, message) => console.log(`LOG ${message} ${JSON.stringify(details)}`),
});
console.log('READY');

let running = true;
process.stdin.resume();
process.stdin.on('end', () => (running = false));
const ingredients = [
  { name: 'Mjöl', quantity: { value: 2, unit: 'DECILITER' as const } },
  { name: 'Mjölk', quantity: { value: 3, unit: 'DECILITER' as const } },
  { name: 'Salt' },
];
for (let n = 1; running; n++) {
  const recipe = await addRecipe(
    db.orm,
    { name: `Skrivning ${n}`, instructions: '', servings: 2, ingredients },
    'skrivare',
  );
  console.log(`COMMITTED ${recipe.id}`);
  await new Promise((r) => setTimeout(r, 2));
}
stop();
await db.close();
process.exit(0);
