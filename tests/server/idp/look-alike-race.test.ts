import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../server/db/index.ts';
import { users } from '../../../server/db/schema/user-tables.ts';
import { skeleton } from '../../../server/idp/users/skeleton.ts';
import { createUser, lookAlikePairs, NameTakenError } from '../../../server/idp/users/user-repository.ts';
import { PROFILE_MESSAGES } from '../../../server/idp/users/profile-rules.ts';
import { DATABASE_KINDS, freshPgliteDir, freshPostgresUrl } from '../../support/database.ts';
import { authParams, authUrl, Browser, csrfOf, startIdp, type Harness } from './harness.ts';

// Issue 35, item 4: two look-alike names written at the same instant both passed the check (the skeletons were
// indexed, not unique). Now the database holds each skeleton once (migration 011), on both databases.

const registerForm = (html: string) =>
  /id="kc-register-form" method="post" action="([^"]+)"/.exec(html)![1]!.replaceAll('&amp;', '&');

async function register(h: Harness, ip: string, username: string, email: string) {
  const b = new Browser(h, ip);
  const page = await b.request('GET', authUrl(h, authParams(h).params, 'registrations'));
  return b.request('POST', registerForm(page.body), {
    csrf: csrfOf(page.body),
    firstName: 'Anna',
    lastName: 'Ek',
    email,
    username,
    password: 'hemligt123',
    'password-confirm': 'hemligt123',
  });
}

/** A pre-011 database: the users below written with their skeletons, as migration 008's rule allowed. */
async function withOldLookAlikes(db: Database): Promise<void> {
  await db.orm.execute(`DROP TABLE user_name_skeletons`);
  await db.orm.execute(`DELETE FROM schema_migrations WHERE name LIKE '011-%'`);
  const row = (username: string, email: string, at: string) => ({
    id: randomUUID(),
    username,
    email,
    usernameSkeleton: skeleton(username),
    emailSkeleton: skeleton(email),
    firstName: 'A',
    lastName: 'B',
    passwordHash: 'x',
    createdAt: new Date(at),
  });
  await db.orm.insert(users).values([
    row('anna', 'anna@example.se', '2026-01-01'),
    row('annɑ', 'impostor@example.se', '2026-02-01'), // Latin alpha: the same skeleton as anna
    row('bo', 'bo@example.se', '2026-01-01'),
  ]);
}

describe.each(DATABASE_KINDS)('look-alike names at the same instant (%s)', (kind) => {
  let h: Harness;
  afterAll(() => h?.close());

  it('registers exactly one of two look-alikes sent at once; the other is told the name is taken', async () => {
    h = await startIdp({ kind, env: { IDP_REGISTRATIONS_PER_HOUR: '1000' } });
    // 'sara' and 'sarɑ' (Latin alpha); then a username that looks like the other's e-mail address.
    const pairs: [string, string, string, string][] = [
      ['sara', 'sara@example.se', 'sarɑ', 'sara2@example.se'],
      ['lisa', 'lisa@example.se', 'lisɑ@example.se', 'annan@example.se'],
    ];
    for (const [firstName, firstEmail, secondName, secondEmail] of pairs) {
      const answers = await Promise.all([
        register(h, '203.0.113.1', firstName, firstEmail),
        register(h, '203.0.113.2', secondName, secondEmail),
      ]);
      const statuses = answers.map((res) => res.statusCode).sort();
      expect(statuses).toEqual([302, 400]);
      const refused = answers.find((res) => res.statusCode === 400)!;
      expect(refused.body).toMatch(new RegExp(`${PROFILE_MESSAGES.usernameTaken}|${PROFILE_MESSAGES.emailTaken}`));
    }
  }, 120_000);

  it('lets createUser (the users CLI) store one of two look-alikes written at once', async () => {
    const results = await Promise.allSettled([
      createUser(h.db, { username: 'olle', email: 'olle@example.se', firstName: 'O', lastName: 'L', password: 'x' }),
      createUser(h.db, { username: 'o1le', email: 'olle2@example.se', firstName: 'O', lastName: 'L', password: 'x' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(NameTakenError);
    expect(refused.reason.field).toBe('username');
  }, 60_000);
});

describe.each(DATABASE_KINDS)('look-alikes stored before migration 011 (%s)', (kind) => {
  it('migrates without merging or failing, and names the pair', async () => {
    const folder = kind === 'pglite' ? freshPgliteDir() : undefined;
    const pg = kind === 'postgres' ? await freshPostgresUrl() : undefined;
    const open = () => openDatabase({ databaseUrl: pg?.url, dataDir: folder?.dir ?? '' });
    try {
      const old = await open();
      await withOldLookAlikes(old);
      await old.close();
      const db = await open(); // applies 011 again, over the look-alikes
      try {
        expect(await lookAlikePairs(db)).toEqual([{ earlier: 'anna', later: 'annɑ' }]);
        expect((await db.orm.select().from(users)).map((u) => u.username).sort()).toEqual(['anna', 'annɑ', 'bo']);
        // The provider starts over it, and a new look-alike of either is refused.
        const h = await startIdp({ db });
        try {
          await expect(
            createUser(db, { username: 'αnna', email: 'x@example.se', firstName: 'A', lastName: 'B', password: 'x' }),
          ).rejects.toBeInstanceOf(NameTakenError);
          await expect(
            createUser(db, { username: 'ny', email: 'bo@exarnple.se', firstName: 'A', lastName: 'B', password: 'x' }),
          ).rejects.toBeInstanceOf(NameTakenError);
        } finally {
          await h.close();
        }
      } finally {
        await db.close();
      }
    } finally {
      folder?.remove();
      await pg?.drop();
    }
  }, 120_000);
});
