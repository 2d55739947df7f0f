// One run at a time per cached distribution: Keycloak reads its realm from <home>/data/import, which two
// simultaneous runs would overwrite for each other. The lock file is the server's (server/db/data-folder/data-dir-lock.ts).
import { acquireLockFile } from '../../server/db/data-folder/data-dir-lock.ts';
import { HarnessError } from '../harness/errors.ts';

/** Takes the lock (taking over a stale one left by a killed run); returns the release function. */
export function acquireLock(path: string): () => void {
  const lock = acquireLockFile(path, 0);
  if ('heldBy' in lock)
    throw new HarnessError(`Another test:keycloak run (pid ${lock.heldBy}) is using this Keycloak copy (${path}).`);
  return lock.release;
}
