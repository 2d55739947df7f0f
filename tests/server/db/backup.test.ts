import { spawn, type ChildProcess } from 'node:child_process';
import { addRecipe, recipeBody } from '../../support/recipes.ts';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestBackup } from '../../../server/db/data-folder/backup-request.ts';
import { REQUESTS_FOLDER } from '../../../server/db/data-folder/backup.ts';
import { LOCK_FILE } from '../../../server/db/data-folder/data-dir-lock.ts';
import { openDatabase } from '../../../server/db/index.ts';
import { listRecipes, updateRecipe } from '../../../server/db/repositories/recipe-repository.ts';
import { listVersions } from '../../../server/db/repositories/recipe-history-repository.ts';
import { listTrash, trashRecipe } from '../../../server/db/repositories/recipe-trash-repository.ts';
import { SEED_RECIPES } from '../../../server/db/transfer/seed-recipes.ts';
import { listUsers } from '../../../server/idp/users/user-repository.ts';
import { freshPgliteDir } from '../../support/database.ts';
import { npmRun } from '../../support/npm-cli.ts';
import { freePort } from '../../../scripts/free-ports.ts';
import { startedFolders, startNpm } from '../lifecycle/support.ts';
import { cliNodeFlags } from '../../support/start-script.ts';

// `npm run db:backup` of an embedded database that another process holds and keeps writing to, then
// `npm run db:restore` into a new folder: everything committed before the backup is there, and no
// transaction is there in half.
const HOLDER = fileURLToPath(new URL('./backup-holder.ts', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'recipe-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
// The holder and `npm start` run on copies of a folder that has had its first start (migrated, seeded, the demo
// users' hashes, the keys), made once for the file instead of by each of them.
let folders: Awaited<ReturnType<typeof startedFolders>>;
beforeAll(async () => {
  folders = await startedFolders();
});
afterAll(() => folders?.remove());

/** The holder process; `committed()` is the highest recipe id it has reported committed so far. */
async function startHolder(
  dataDir: string,
): Promise<{ child: ChildProcess; committed(): number; output(): string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [...cliNodeFlags(), HOLDER, dataDir], { stdio: ['pipe', 'pipe', 'inherit'] });
  let output = '';
  let committed = 0;
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    for (const m of chunk.toString().matchAll(/COMMITTED (\d+)/g)) committed = Math.max(committed, Number(m[1]));
  });
  await new Promise<void>((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`the holder exited with ${code}: ${output}`)));
    const poll = setInterval(() => {
      if (committed > SEED_RECIPES.length + 20) {
        clearInterval(poll);
        child.removeAllListeners('exit');
        resolve();
      }
    }, 50);
  });
  return {
    child,
    committed: () => committed,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        child.on('exit', () => resolve());
        child.stdin.end();
      }),
  };
}

describe('npm run db:backup of a running embedded database, and npm run db:restore', () => {
  it('copies it consistently while it writes, and the copy restores into a new folder with every recipe, user and key', async () => {
    const source = folders.copy();
    const file = join(work, 'backup.tar.gz');
    const restored = join(work, 'restored');
    try {
      const holder = await startHolder(source.dir);
      let before: number;
      let backup;
      try {
        before = holder.committed();
        backup = await npmRun('db:backup', [file], { DATA_DIR: source.dir });
        // The holder went on writing during the backup.
        const after = holder.committed();
        await new Promise((r) => setTimeout(r, 300));
        expect(holder.committed()).toBeGreaterThan(after);
      } finally {
        await holder.stop();
      }
      expect(backup.stderr).toBe('');
      expect(backup.stdout).toMatch(
        new RegExp(
          `^Backed up PGlite in ${source.dir} to ${file} \\(\\d+\\.\\d MB\\) through the running server \\(pid \\d+\\), which held its database for \\d+ ms\\.$`,
        ),
      );
      expect(backup.code).toBe(0);
      expect(holder.output()).toContain('LOG backup written');

      const restore = await npmRun('db:restore', [file], { DATA_DIR: restored });
      expect(restore.stderr).toBe('');
      expect(restore.stdout).toMatch(new RegExp(`^Restored ${file} into ${restored}: \\d+ recipes, 2 users\\.$`));
      expect(restore.code).toBe(0);

      // The provider's signing keys came along; the running server's lock and requests did not.
      expect(readFileSync(join(restored, 'idp-keys.json'), 'utf8')).toBe(
        readFileSync(join(source.dir, 'idp-keys.json'), 'utf8'),
      );
      expect(existsSync(join(restored, LOCK_FILE))).toBe(false);
      expect(existsSync(join(restored, REQUESTS_FOLDER))).toBe(false);
      // A restore never overwrites a data folder unless told to: refused before it opens anything, so it is asked
      // while this process reads the restored folder (a Node start less to wait for one after the other).
      const refusedAgain = npmRun('db:restore', [file], { DATA_DIR: restored });
      const db = await openDatabase({ dataDir: restored });
      try {
        const recipes = await listRecipes(db.orm);
        const ids = recipes.map((r) => r.id).sort((a, b) => a - b);
        // Every recipe committed before the backup was asked for, and nothing but whole recipes: ids without
        // gaps (each was committed after the one before) and all three ingredients of each.
        expect(ids.length).toBeGreaterThanOrEqual(before);
        expect(ids).toEqual(Array.from({ length: ids.length }, (_, i) => i + 1));
        expect(recipes.filter((r) => r.name.startsWith('Skrivning')).every((r) => r.ingredients.length === 3)).toBe(
          true,
        );
        expect(recipes.map((r) => r.name)).toEqual(expect.arrayContaining(SEED_RECIPES.map((r) => r.name)));
        expect(restore.stdout).toContain(`: ${ids.length} recipes`);
        expect((await listUsers(db)).map((u) => u.username)).toEqual(['besokare', 'redaktor']);
        // A working database: the next recipe gets the next id.
        expect(
          (
            await addRecipe(
              db.orm,
              { name: 'Efter återställning', instructions: '', servings: 1, ingredients: [] },
              'anna',
            )
          ).id,
        ).toBe(ids.length + 1);
      } finally {
        await db.close();
      }

      // ... and when told to, keeps the old one beside it.
      expect(await refusedAgain).toEqual({
        code: 1,
        stdout: '',
        stderr: `${restored} is not empty: restore into an empty or absent DATA_DIR, or add --force to replace the database there.`,
      });
      const forced = await npmRun('db:restore', [file, '--force'], { DATA_DIR: restored });
      expect(forced.code).toBe(0);
      const kept = readdirSync(work).find((name) => name.startsWith('restored.replaced-'));
      expect(forced.stdout).toContain(
        `The data folder it replaced is kept as ${join(work, kept ?? 'nothing')}; delete it once`,
      );
      expect(existsSync(join(work, kept!, 'PG_VERSION'))).toBe(true);
      expect(existsSync(join(work, kept!, LOCK_FILE))).toBe(false);
      const check = await openDatabase({ dataDir: restored });
      try {
        expect((await listRecipes(check.orm)).some((r) => r.name === 'Efter återställning')).toBe(false);
      } finally {
        await check.close();
      }
    } finally {
      source.remove();
    }
    // Five processes, each starting Node and PGlite, one of them writing all along.
  }, 240_000);

  it('backs up a folder nobody runs on by opening it, and refuses what it cannot do with a clear message', async () => {
    const folder = freshPgliteDir();
    try {
      // A recipe with a saved version and one in the trash (issue 41): a backup holds both.
      const source = await openDatabase({ dataDir: folder.dir });
      const kept = await addRecipe(source.orm, recipeBody({ name: 'Sparad' }) as never, 'anna');
      await updateRecipe(source.orm, kept.id, recipeBody({ name: 'Sparad, ny' }) as never);
      const gone = await addRecipe(source.orm, recipeBody({ name: 'Slängd' }) as never, 'anna');
      await trashRecipe(source.orm, gone.id, 'anna');
      await source.close();
      const file = join(work, 'idle.tar.gz');
      const idle = await npmRun('db:backup', [file], { DATA_DIR: folder.dir });
      expect(idle).toEqual({
        code: 0,
        stdout: expect.stringMatching(/\(\d+\.\d MB\); no server was running on it\.$/),
        stderr: '',
      });
      const empty = join(work, 'empty');
      mkdirSync(empty);
      const nested = join(work, 'new', 'place', 'data');
      const notABackup = join(work, 'not-a-backup.tar.gz');
      writeFileSync(notABackup, 'hello');
      // Five commands that share nothing they write (two restores into two folders, three refusals), so they run
      // at once: each is mostly a Node start, and one after another they were most of this test's time.
      const [intoEmpty, intoNested, withUrl, noFolder, refused] = await Promise.all([
        npmRun('db:restore', [file], { DATA_DIR: empty }),
        npmRun('db:restore', [file], { DATA_DIR: nested }),
        npmRun('db:backup', [file], { DATABASE_URL: 'postgres://localhost/x' }),
        npmRun('db:backup', [file], { DATA_DIR: join(work, 'nothing-here') }),
        npmRun('db:restore', [notABackup], { DATA_DIR: join(work, 'never') }),
      ]);
      expect(intoEmpty).toMatchObject({
        code: 0,
        stdout: `Restored ${file} into ${empty}: 1 recipes, 0 users.`,
      });
      const restored = await openDatabase({ dataDir: empty });
      try {
        expect((await listVersions(restored.orm, kept.id)).map((v) => v.version)).toEqual([2, 1]);
        expect((await listTrash(restored.orm, 30)).map((t) => t.name)).toEqual(['Slängd']);
      } finally {
        await restored.close();
      }
      expect(intoNested).toMatchObject({
        code: 0,
        stdout: `Restored ${file} into ${nested}: 1 recipes, 0 users.`,
      });
      expect(existsSync(join(nested, 'PG_VERSION'))).toBe(true);

      expect(withUrl).toEqual({
        code: 1,
        stdout: '',
        stderr:
          'db:backup failed: DATABASE_URL is set: back PostgreSQL up with pg_dump (see the README); db:backup copies the embedded database',
      });
      expect(noFolder).toEqual({
        code: 1,
        stdout: '',
        stderr: `db:backup failed: there is no embedded database in ${join(work, 'nothing-here')}`,
      });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/^.+not-a-backup\.tar\.gz is not a backup of the embedded database/);
      expect(existsSync(join(work, 'never'))).toBe(false);
      expect(readdirSync(work).filter((name) => name.includes('restoring'))).toEqual([]);
    } finally {
      folder.remove();
    }
  }, 180_000);

  it('tells when the process holding the folder does not answer backup requests', async () => {
    const folder = freshPgliteDir();
    try {
      await expect(requestBackup(folder.dir, join(work, 'x.tar.gz'), 4242)).rejects.toThrow(
        `The server holding ${folder.dir} (pid 4242) does not take backup requests: it runs a version without them.`,
      );
      mkdirSync(join(folder.dir, REQUESTS_FOLDER));
      await expect(requestBackup(folder.dir, join(work, 'x.tar.gz'), 4242, 300)).rejects.toThrow(
        'did not answer within 0.3 s',
      );
      // The unanswered request is taken back.
      expect(readdirSync(join(folder.dir, REQUESTS_FOLDER))).toEqual([]);
    } finally {
      folder.remove();
    }
  });

  it('npm run db:backup asks a running npm start, which answers; the copy restores with the demo recipes', async () => {
    const served = folders.copy();
    const dataDir = served.dir;
    const port = await freePort();
    const server = await startNpm(port, dataDir);
    const file = join(work, 'served.tar.gz');
    try {
      const backup = await npmRun('db:backup', [file], { DATA_DIR: dataDir });
      expect(backup.code, backup.stderr).toBe(0);
      expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    } finally {
      process.kill(-server.pid, 'SIGTERM');
      await server.exited;
      served.remove();
    }
    const restored = join(work, 'served-restored');
    const restore = await npmRun('db:restore', [file], { DATA_DIR: restored });
    expect(restore.code, restore.stderr).toBe(0);
    const db = await openDatabase({ dataDir: restored });
    try {
      expect((await listRecipes(db.orm)).map((r) => r.name).sort()).toEqual(SEED_RECIPES.map((r) => r.name).sort());
    } finally {
      await db.close();
    }
  }, 180_000);
});
