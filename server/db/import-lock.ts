import type pg from 'pg';
import type { Database } from './types.ts';

// One import of another app's collection at a time (issue 38; decision 054): each is minutes of photo work, and a
// second would halve the first's pace. On PostgreSQL any number of API processes share the book, so the turn is a
// session advisory lock, held on a connection of its own for the whole import: another process's try fails at once,
// and a process that dies (or loses its connection) lets go of it with the connection, leaving nothing stale. PGlite
// is opened by one process only (data-dir-lock.ts), so there the turn is the in-process rule.
const IMPORT_LOCK = 7_305_038;

export type ImportTurn = {
  /** Lets the next import start; safe to call more than once. */
  release(): Promise<void>;
};

const heldHere = new WeakSet<Database>();

/** This import's turn, or null while another import runs (in this process or, on PostgreSQL, any other). */
export async function tryImportTurn(db: Database): Promise<ImportTurn | null> {
  if (heldHere.has(db)) return null;
  heldHere.add(db);
  try {
    const unlock = db.kind === 'postgres' ? await advisoryLock(db) : async () => undefined;
    if (!unlock) {
      heldHere.delete(db);
      return null;
    }
    let released: Promise<void> | undefined;
    return {
      release: () =>
        (released ??= unlock().finally(() => {
          heldHere.delete(db);
        })),
    };
  } catch (error) {
    heldHere.delete(db);
    throw error;
  }
}

/** The lock on a connection of the pool's, kept out of it until unlocked; undefined when another session has it. */
async function advisoryLock(db: Database): Promise<(() => Promise<void>) | undefined> {
  // drizzle's node-postgres database keeps its pool as $client.
  const pool = (db.orm as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  let lost = false;
  const onError = () => void (lost = true);
  client.on('error', onError);
  try {
    const { rows } = await client.query<{ mine: boolean }>('SELECT pg_try_advisory_lock($1) AS mine', [IMPORT_LOCK]);
    if (!rows[0]?.mine) {
      client.off('error', onError);
      client.release();
      return undefined;
    }
  } catch (error) {
    client.off('error', onError);
    client.release(true);
    throw error;
  }
  return async () => {
    // A lost connection took the lock with it; one that cannot unlock is closed (destroyed), which unlocks too.
    const unlocked =
      !lost &&
      (await client.query('SELECT pg_advisory_unlock($1)', [IMPORT_LOCK]).then(
        () => true,
        () => false,
      ));
    client.off('error', onError);
    client.release(!unlocked);
  };
}
