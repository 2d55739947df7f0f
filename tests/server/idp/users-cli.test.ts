import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/index.ts';
import { runUsersCommand, UsageError } from '../../../server/idp/users/admin.ts';
import { ensureDemoUsers } from '../../../server/idp/index.ts';
import { verifyPassword } from '../../../server/idp/users/passwords.ts';
import { findUserByUsername } from '../../../server/idp/users/user-repository.ts';
import { users } from '../../../server/db/schema/user-tables.ts';
import { closeTestDatabase, createTestDatabase, freshPgliteDir } from '../../support/database.ts';
import { scriptFile } from '../../support/npm-cli.ts';
import { cliNodeFlags } from '../../support/start-script.ts';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase('pglite');
  expect(await ensureDemoUsers(db)).toEqual(['redaktor', 'besokare']);
  expect(await ensureDemoUsers(db)).toEqual([]); // idempotent
});
afterAll(() => closeTestDatabase(db));

async function run(...argv: string[]) {
  const lines: string[] = [];
  const prompts: string[] = [];
  await runUsersCommand(db, argv, {
    out: (l) => lines.push(l),
    readPassword: async (p) => (prompts.push(p), 'fran-prompten'),
  });
  return { lines, prompts };
}

describe('users command', () => {
  it('lists, adds, changes passwords and grants or revokes the editor role', async () => {
    expect((await run('list')).lines.join('\n')).toMatch(
      /besokare\tbesokare@example.se\tBo Besökare\tno[\s\S]*redaktor\t.*\tyes/,
    );

    await run(
      'add',
      'Kock',
      '--email',
      'kock@example.se',
      '--first',
      'Kim',
      '--last',
      'Kock',
      '--password',
      'stekpanna',
    );
    let kock = (await findUserByUsername(db, 'kock'))!;
    expect(kock).toMatchObject({ firstName: 'Kim', email: 'kock@example.se', isEditor: false });
    expect(await verifyPassword('stekpanna', kock.passwordHash)).toBe(true);
    expect(kock.passwordHash).not.toContain('stekpanna');

    const { prompts } = await run('passwd', 'kock');
    expect(prompts).toHaveLength(1);
    kock = (await findUserByUsername(db, 'kock'))!;
    expect(await verifyPassword('fran-prompten', kock.passwordHash)).toBe(true);

    await run('grant-editor', 'kock');
    expect((await findUserByUsername(db, 'kock'))!.isEditor).toBe(true);
    await run('revoke-editor', 'kock');
    expect((await findUserByUsername(db, 'kock'))!.isEditor).toBe(false);
  });

  it('refuses bad input with the Swedish field messages', async () => {
    await expect(
      run('add', 'redaktor', '--email', 'ny@example.se', '--first', 'A', '--last', 'B', '--password', 'langtlosen'),
    ).rejects.toThrow('Användarnamnet är upptaget.');
    await expect(
      run('add', 'nykomling', '--email', 'trasig', '--first', 'A', '--last', 'B', '--password', 'langtlosen'),
    ).rejects.toThrow('Ogiltig e-postadress.');
    await expect(
      run('add', 'nykomling', '--email', 'ny@example.se', '--first', 'A', '--last', 'B', '--password', 'kort'),
    ).rejects.toThrow('minst 8 tecken');
    await expect(run('passwd', 'finns-inte', '--password', 'langtlosen')).rejects.toThrow('No user named');
    await expect(run('frobnicate')).rejects.toBeInstanceOf(UsageError);
  });

  it('refuses a look-alike (Unicode TS #39 skeleton) of an existing username or e-mail address, as registration does', async () => {
    // Issue 29, item 4: U+0251 LATIN SMALL LETTER ALPHA for the a of besokare; a Cyrillic е in an e-mail address.
    await expect(
      run(
        'add',
        'besok\u0251re',
        '--email',
        'alfa@example.se',
        '--first',
        'A',
        '--last',
        'B',
        '--password',
        'langtlosen',
      ),
    ).rejects.toThrow('username: Användarnamnet är upptaget.');
    await expect(
      run(
        'add',
        'alfa',
        '--email',
        'r\u0435daktor@example.se',
        '--first',
        'A',
        '--last',
        'B',
        '--password',
        'langtlosen',
      ),
    ).rejects.toThrow('email: E-postadressen används redan.');
    expect(await findUserByUsername(db, 'besok\u0251re')).toBeNull();
    // Users stored before skeletons existed are compared too: the command fills theirs in first.
    await db.orm.update(users).set({ usernameSkeleton: null, emailSkeleton: null });
    await expect(
      run(
        'add',
        'redakt\u1D0Fr',
        '--email',
        'alfa@example.se',
        '--first',
        'A',
        '--last',
        'B',
        '--password',
        'langtlosen',
      ),
    ).rejects.toThrow('Användarnamnet är upptaget.');
  });
});

describe('npm run users (the real process)', () => {
  // A copy of the migrated template folder: no initdb in the child process.
  let folder: ReturnType<typeof freshPgliteDir>;
  beforeAll(() => {
    folder = freshPgliteDir();
  });
  afterAll(() => folder.remove());

  it('adds a user read from stdin and lists it', () => {
    const env = { ...process.env, DATA_DIR: folder.dir, DATABASE_URL: '', KEYCLOAK_URL: '' };
    // The file `npm run users` names, run by Node itself (tests/support/npm-cli.ts says why).
    const users = [process.execPath, ...cliNodeFlags(), scriptFile('users')] as const;
    const add = spawnSync(
      users[0],
      [...users.slice(1), 'add', 'ada', '--email', 'ada@example.se', '--first', 'Ada', '--last', 'L', '--editor'],
      { env, input: 'hemlighet1\n', encoding: 'utf8', timeout: 60_000 },
    );
    expect(add.stderr).not.toMatch(/users:/);
    expect(add.status).toBe(0);
    expect(add.stdout).toContain('Added ada (editor).');
    const list = spawnSync(users[0], [...users.slice(1), 'list'], {
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(list.stdout).toMatch(/ada\tada@example.se\tAda L\tyes/);
    const bad = spawnSync(users[0], [...users.slice(1), 'nope'], {
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(bad.status).toBe(2);
  }, 120_000);
});
