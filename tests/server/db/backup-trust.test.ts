import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { pack } from 'tar-stream';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/index.ts';
import { idpSessions } from '../../../server/db/schema/user-tables.ts';
import { ensureDemoUsers } from '../../../server/idp/users/demo-users.ts';
import { loadOrCreateKeys } from '../../../server/idp/protocol/keys.ts';
import { createSession } from '../../../server/idp/protocol/sessions.ts';
import { findUserByUsername } from '../../../server/idp/users/user-repository.ts';
import { freshPgliteDir } from '../../support/database.ts';
import { npmRun } from '../../support/npm-cli.ts';

// Issue 20, item 8: a backup holds relative names and only the data (no pid file, lock or backup requests);
// `db:restore --new-keys` gives the restored install signing keys of its own and ends the backup's sessions;
// a tarball that would write outside the data folder is refused. The running-server backup: backup.test.ts.
const work = mkdtempSync(join(tmpdir(), 'recipe-backup-trust-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The entry names of a .tar.gz, read from the ustar headers (name field, size in octal). */
function tarNames(file: string): string[] {
  const tar = gunzipSync(readFileSync(file));
  const names: string[] = [];
  for (let offset = 0; offset + 512 <= tar.length && tar[offset] !== 0;) {
    names.push(
      tar
        .subarray(offset, offset + 100)
        .toString('latin1')
        .replace(/\0.*$/s, ''),
    );
    const size = parseInt(
      tar
        .subarray(offset + 124, offset + 136)
        .toString('latin1')
        .replace(/\0.*$/s, '')
        .trim() || '0',
      8,
    );
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return names;
}

const keyFile = (dir: string) =>
  JSON.parse(readFileSync(join(dir, 'idp-keys.json'), 'utf8')) as {
    kid: string;
    refreshSecret: string;
    csrfSecret: string;
  };

describe('what a backup holds, and restoring it with new keys', () => {
  it('holds relative names and no pid, lock or request files; --new-keys rotates the keys and ends the sessions', async () => {
    const source = freshPgliteDir();
    try {
      const db = await openDatabase({ dataDir: source.dir });
      try {
        await ensureDemoUsers(db);
        await createSession(db, (await findUserByUsername(db, 'redaktor'))!.id);
      } finally {
        await db.close();
      }
      await loadOrCreateKeys(source.dir);
      // A request left in the folder; the lock and PostgreSQL's pid file are there while db:backup holds it.
      mkdirSync(join(source.dir, 'backup-requests'), { mode: 0o700 });
      writeFileSync(join(source.dir, 'backup-requests', 'old.request.json'), '{"file": "/tmp/x.tar.gz"}');
      const file = join(work, 'backup.tar.gz');
      const backup = await npmRun('db:backup', [file], { DATA_DIR: source.dir });
      expect(backup.code, backup.stderr).toBe(0);

      const names = tarNames(file);
      expect(names).toEqual(expect.arrayContaining(['PG_VERSION', 'idp-keys.json', 'global/pg_control']));
      expect(names.filter((name) => name.startsWith('/') || name.split('/').includes('..'))).toEqual([]);
      expect(names.filter((name) => /^(postmaster\.pid|recipe-book\.lock|backup-requests)/.test(name))).toEqual([]);

      // Two restores of the one file into two folders, at once: they share nothing they write.
      const plain = join(work, 'plain');
      const rotated = join(work, 'rotated');
      const [plainRestore, restore] = await Promise.all([
        npmRun('db:restore', [file], { DATA_DIR: plain }),
        npmRun('db:restore', [file, '--new-keys'], { DATA_DIR: rotated }),
      ]);
      expect(plainRestore.code, plainRestore.stderr).toBe(0);
      expect(keyFile(plain)).toEqual(keyFile(source.dir));

      expect(restore).toEqual({
        code: 0,
        stderr: '',
        stdout: `Restored ${file} into ${rotated}: 0 recipes, 2 users.\nNew signing keys for the identity provider; 1 sessions from the backup ended (everyone signs in again).`,
      });
      const [before, after] = [keyFile(source.dir), keyFile(rotated)];
      expect(after.kid).not.toBe(before.kid);
      expect(after.refreshSecret).not.toBe(before.refreshSecret);
      expect(after.csrfSecret).not.toBe(before.csrfSecret);
      const check = await openDatabase({ dataDir: rotated });
      try {
        expect(await check.orm.select().from(idpSessions)).toEqual([]);
      } finally {
        await check.close();
      }
    } finally {
      source.remove();
    }
  }, 180_000);

  it('refuses a tarball with an entry that would land outside the data folder', async () => {
    // A well-formed tar whose one entry climbs out of the folder it is unpacked into.
    const writer = pack();
    const chunks: Buffer[] = [];
    writer.on('data', (chunk: unknown) => chunks.push(chunk as Buffer));
    const ended = new Promise<void>((resolve) => writer.on('end', () => resolve()));
    writer.entry({ name: '../escaped.txt', mode: 0o644 }, 'hello');
    writer.finalize();
    await ended;
    const evil = join(work, 'evil.tar.gz');
    writeFileSync(evil, gzipSync(Buffer.concat(chunks)));
    const target = join(work, 'nested', 'data');
    const refused = await npmRun('db:restore', [evil], { DATA_DIR: target });
    expect(refused).toEqual({
      code: 1,
      stdout: '',
      stderr: `${evil} is not a backup of the embedded database: it would write outside the data folder (../escaped.txt).`,
    });
    expect(existsSync(join(work, 'nested', 'escaped.txt'))).toBe(false);
    expect(existsSync(target)).toBe(false);
  }, 60_000);
});
