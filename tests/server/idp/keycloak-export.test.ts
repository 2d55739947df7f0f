import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/index.ts';
import { ensureDemoUsers } from '../../../server/idp/users/demo-users.ts';
import { createUser, listUsers } from '../../../server/idp/users/user-repository.ts';
import { freshPgliteDir } from '../../support/database.ts';
import { npmRun } from '../../support/npm-cli.ts';

// `npm run users -- export-keycloak FILE`: the embedded provider's users as Keycloak's partial import
// (PartialImportRepresentation). That Keycloak takes it and the users sign in after choosing a new password:
// tests/e2e/keycloak-user-import.spec.ts in `npm run test:keycloak`.
const work = mkdtempSync(join(tmpdir(), 'keycloak-export-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('npm run users -- export-keycloak', () => {
  it('writes every user with roles, the required action and a one-time password, 0600, and prints the passwords', async () => {
    const folder = freshPgliteDir();
    try {
      const db = await openDatabase({ dataDir: folder.dir });
      await ensureDemoUsers(db);
      await createUser(db, {
        username: 'Kim',
        email: 'Kim@Example.se',
        firstName: 'Kim',
        lastName: 'Kock',
        password: 'stekpanna',
      });
      const stored = await listUsers(db);
      await db.close();

      const file = join(work, 'users.json');
      const run = await npmRun('users', ['export-keycloak', file], { DATA_DIR: folder.dir, KEYCLOAK_REALM: 'kokbok' });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const document = JSON.parse(readFileSync(file, 'utf8'));
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(Object.keys(document)).toEqual(['ifResourceExists', 'users']);
      const created = (name: string) => new Date(stored.find((u) => u.username === name)!.createdAt).getTime();
      const password = { type: 'password', value: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/), temporary: true };
      expect(document).toEqual({
        ifResourceExists: 'SKIP',
        users: [
          {
            username: 'besokare',
            email: 'besokare@example.se',
            firstName: 'Bo',
            lastName: 'Besökare',
            enabled: true,
            emailVerified: true,
            createdTimestamp: created('besokare'),
            realmRoles: ['default-roles-kokbok'],
            requiredActions: ['UPDATE_PASSWORD'],
            credentials: [password],
          },
          {
            username: 'kim',
            email: 'kim@example.se',
            firstName: 'Kim',
            lastName: 'Kock',
            enabled: true,
            emailVerified: false,
            createdTimestamp: created('kim'),
            realmRoles: ['default-roles-kokbok'],
            requiredActions: ['UPDATE_PASSWORD'],
            credentials: [password],
          },
          {
            username: 'redaktor',
            email: 'redaktor@example.se',
            firstName: 'Rut',
            lastName: 'Redaktör',
            enabled: true,
            emailVerified: true,
            createdTimestamp: created('redaktor'),
            realmRoles: ['default-roles-kokbok', 'editor'],
            requiredActions: ['UPDATE_PASSWORD'],
            credentials: [password],
          },
        ],
      });
      const values = document.users.map((u: { credentials: { value: string }[] }) => u.credentials[0]!.value);
      expect(new Set(values).size).toBe(3);
      expect(run.stdout.split('\n')).toEqual([
        `Wrote 3 user(s) to ${file} for Keycloak realm kokbok (partial import, existing users skipped).`,
        'One-time passwords (Keycloak asks for a new password at the first sign-in); give each to its owner, then delete the file:',
        `besokare\t${values[0]}`,
        `kim\t${values[1]}`,
        `redaktor\t${values[2]}`,
      ]);

      const bare = join(work, 'bare.json');
      const noPasswords = await npmRun('users', ['export-keycloak', bare, '--no-passwords'], { DATA_DIR: folder.dir });
      expect(noPasswords.code).toBe(0);
      expect(noPasswords.stdout).toContain('for Keycloak realm recipes');
      expect(noPasswords.stdout).not.toMatch(/\t/);
      const bareUsers = JSON.parse(readFileSync(bare, 'utf8')).users;
      expect(bareUsers.map((u: object) => 'credentials' in u)).toEqual([false, false, false]);
      expect(bareUsers[2]).toMatchObject({
        realmRoles: ['default-roles-recipes', 'editor'],
        requiredActions: ['UPDATE_PASSWORD'],
      });
    } finally {
      folder.remove();
    }
  }, 120_000);
});
