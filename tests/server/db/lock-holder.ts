// Run as a separate process by lock.test.ts: opens a PGlite folder, says so, and holds it until
// stdin closes (or tries to open it and reports the refusal).
import { openDatabase } from '../../../server/db/index.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: lock-holder.ts DATA_DIR');
try {
  const db = await openDatabase({ dataDir });
  console.log('OPENED');
  process.stdin.resume();
  process.stdin.on('end', () => void db.close().then(() => process.exit(0)));
} catch (error) {
  console.log(`REFUSED ${(error as Error).message}`);
  process.exit(3);
}
