// One run at a time per cached distribution: Keycloak reads its realm from <home>/data/import, which two
// simultaneous runs would overwrite for each other.
import { openSync, closeSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { HarnessError } from './errors.ts';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock (taking over a stale one left by a killed run); returns the release function. */
export function acquireLock(path: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(path, 'utf8').trim());
      if (holder && alive(holder)) {
        throw new HarnessError(`Another test:keycloak run (pid ${holder}) is using this Keycloak copy (${path}).`);
      }
      rmSync(path, { force: true });
    }
  }
  throw new HarnessError(`Could not take the lock ${path}.`);
}
