import { chmodSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Makes the data folder private to the user running the server: the folder is 0700 (also when it already
 * existed with looser rights, as folders made before this did), and the process creates files 0600 from now on
 * (umask 077). Other local users then cannot read the database, the password hashes or the signing keys.
 */
export function makePrivateFolder(dir: string): void {
  process.umask(0o077);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

/**
 * Takes group and other rights off everything in the folder. PGlite's file system layer creates its files 0666
 * whatever the umask, so the database module calls this after opening (the folder's own 0700 already keeps
 * other users out; this keeps a copied or moved folder private too).
 */
export function restrictFolderContents(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    const mode = statSync(path).mode & 0o7777;
    if (mode & 0o077) chmodSync(path, mode & ~0o077);
  }
}
