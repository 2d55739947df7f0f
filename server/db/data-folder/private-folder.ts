import { accessSync, chmodSync, constants, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

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

/** What the start needs to know about the data folder (or the nearest existing folder above it). */
export type FolderFacts = {
  path: string;
  /** false: the folder does not exist yet, and `parent` is the nearest one above it that does. */
  exists: boolean;
  isDirectory: boolean;
  /** The owner's uid of the folder (or of `parent`). */
  owner: number;
  /** The error code access(W_OK) gave on the folder (or `parent`), undefined when writable. */
  notWritable: string | undefined;
  parent?: string;
};

/**
 * Why this process cannot use the data folder, in one sentence with what to do; undefined when it can. Run
 * before the database opens, so a volume that is read-only or another user's stops the start with this
 * message rather than a stack trace from deep inside it. `uid`: this process's (undefined where there are none).
 */
export function dataFolderProblem(f: FolderFacts, uid: number | undefined): string | undefined {
  const where = f.exists ? f.path : `${f.parent} (where ${f.path} would be created)`;
  const user = uid === undefined ? 'this user' : `this user (uid ${uid})`;
  if (f.exists && !f.isDirectory) return `The data folder ${f.path} is not a folder: set DATA_DIR to a folder.`;
  if (f.notWritable === 'EROFS') {
    return `The data folder ${where} is read-only: mount it writable (in a container: a volume without :ro), or set DATA_DIR to a folder ${user} can write.`;
  }
  // Making the folder private (chmod) needs its owner; root may do so anyway.
  if (f.exists && uid !== undefined && uid !== 0 && f.owner !== uid) {
    return `The data folder ${f.path} belongs to uid ${f.owner}, not to ${user} that runs the server: give it to this user (chown -R ${uid} ${f.path}), use a new named volume (the image makes it this user's), or set DATA_DIR to a folder of this user's.`;
  }
  if (f.notWritable) {
    return `The data folder ${where} cannot be written by ${user} (${f.notWritable}): give it to this user (chown -R ${uid ?? '<user>'} …), or set DATA_DIR to a folder this user can write.`;
  }
  return undefined;
}

/** Gathers the facts dataFolderProblem needs from the file system. */
export function folderFacts(dir: string): FolderFacts {
  let path = resolve(dir);
  let exists = true;
  while (!existsSync(path)) {
    exists = false;
    const up = dirname(path);
    if (up === path) break;
    path = up;
  }
  const stat = statSync(path);
  let notWritable: string | undefined;
  try {
    accessSync(path, constants.W_OK | constants.X_OK);
  } catch (error) {
    notWritable = (error as NodeJS.ErrnoException).code ?? 'EACCES';
  }
  return exists
    ? { path, exists, isDirectory: stat.isDirectory(), owner: stat.uid, notWritable }
    : { path: resolve(dir), exists, isDirectory: false, owner: stat.uid, notWritable, parent: path };
}
