import { randomUUID } from 'node:crypto';
import { asc, eq, isNull, or } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { users, type UserRow } from '../db/schema/users.ts';
import { hashPassword, type PasswordQueue } from './passwords.ts';
import { skeleton } from './skeleton.ts';
import { normalise } from './validation.ts';

export type User = UserRow;
export type NewUser = {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  isEditor?: boolean;
  emailVerified?: boolean;
};

// Keycloak lower-cases usernames and e-mail addresses; so do we (after NFKC), so "Rut" and "rut" are one user.
export { normalise };

export async function findUserById(db: Database, id: string): Promise<User | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await db.orm.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findUserByUsername(db: Database, username: string): Promise<User | null> {
  const [row] = await db.orm
    .select()
    .from(users)
    .where(eq(users.username, normalise(username)))
    .limit(1);
  return row ?? null;
}

export async function findUserByEmail(db: Database, email: string): Promise<User | null> {
  const [row] = await db.orm
    .select()
    .from(users)
    .where(eq(users.email, normalise(email)))
    .limit(1);
  return row ?? null;
}

/**
 * Login accepts the username or the e-mail address, as Keycloak's findUserByNameOrEmail: input with an `@` is
 * looked up as an e-mail address first, then as a username; other input only as a username. Registration also
 * refuses usernames equal to someone's e-mail address (see `loginTaken`), so neither can shadow the other.
 */
export async function findUserByLogin(db: Database, login: string): Promise<User | null> {
  const value = normalise(login);
  if (!value) return null;
  if (value.includes('@')) return (await findUserByEmail(db, value)) ?? findUserByUsername(db, value);
  return findUserByUsername(db, value);
}

/**
 * Whether the value is taken by a user other than `exceptId`: as a username or an e-mail address, or by a look-alike
 * of either (the same TS #39 skeleton, see skeleton.ts). Keycloak does not refuse look-alikes; we do. Every
 * column compared is indexed, so the check costs the same at any number of users.
 */
export async function loginTaken(db: Database, value: string, exceptId?: string): Promise<boolean> {
  const normalised = normalise(value);
  const shape = skeleton(normalised);
  const rows = await db.orm
    .select({ id: users.id })
    .from(users)
    .where(
      or(
        eq(users.username, normalised),
        eq(users.email, normalised),
        eq(users.usernameSkeleton, shape),
        eq(users.emailSkeleton, shape),
      ),
    )
    .limit(2);
  return rows.some((row) => row.id !== exceptId);
}

/**
 * Fills in the skeletons of users stored before migration 008 (or by a tool that wrote no skeleton). Run when the
 * provider starts and before the users CLI adds a user; a no-op once every row has them.
 */
export async function backfillNameSkeletons(db: Database): Promise<number> {
  const missing = await db.orm
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(or(isNull(users.usernameSkeleton), isNull(users.emailSkeleton)));
  for (const row of missing) {
    await db.orm
      .update(users)
      .set({ usernameSkeleton: skeleton(row.username), emailSkeleton: skeleton(row.email) })
      .where(eq(users.id, row.id));
  }
  return missing.length;
}

export async function listUsers(db: Database): Promise<User[]> {
  return db.orm.select().from(users).orderBy(asc(users.username));
}

/** `queue`: the provider's password queue when the provider creates the user (registration). */
export async function createUser(db: Database, input: NewUser, queue?: PasswordQueue): Promise<User> {
  const [row] = await db.orm
    .insert(users)
    .values({
      id: randomUUID(),
      username: normalise(input.username),
      email: normalise(input.email),
      usernameSkeleton: skeleton(normalise(input.username)),
      emailSkeleton: skeleton(normalise(input.email)),
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      passwordHash: await hashPassword(input.password, undefined, queue),
      isEditor: input.isEditor ?? false,
      emailVerified: input.emailVerified ?? false,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateProfile(
  db: Database,
  id: string,
  profile: { firstName: string; lastName: string; email: string },
): Promise<void> {
  const current = await findUserById(db, id);
  const email = normalise(profile.email);
  await db.orm
    .update(users)
    .set({
      firstName: profile.firstName.trim(),
      lastName: profile.lastName.trim(),
      email,
      emailSkeleton: skeleton(email),
      // A changed address has not been verified.
      emailVerified: current?.email === email ? current.emailVerified : false,
    })
    .where(eq(users.id, id));
}

export async function setPassword(db: Database, id: string, password: string, queue?: PasswordQueue): Promise<void> {
  await db.orm
    .update(users)
    .set({ passwordHash: await hashPassword(password, undefined, queue) })
    .where(eq(users.id, id));
}

export async function setEditor(db: Database, id: string, isEditor: boolean): Promise<void> {
  await db.orm.update(users).set({ isEditor }).where(eq(users.id, id));
}
