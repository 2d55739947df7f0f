import { randomUUID } from 'node:crypto';
import { asc, eq, or } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { users, type UserRow } from '../db/schema/users.ts';
import { hashPassword } from './passwords.ts';

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

/** Keycloak lower-cases usernames and e-mail addresses; so do we, so "Rut" and "rut" are one user. */
export const normalise = (value: string) => value.trim().toLowerCase();

export async function findUserById(db: Database, id: string): Promise<User | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await db.orm.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findUserByUsername(db: Database, username: string): Promise<User | null> {
  const [row] = await db.orm.select().from(users).where(eq(users.username, normalise(username))).limit(1);
  return row ?? null;
}

export async function findUserByEmail(db: Database, email: string): Promise<User | null> {
  const [row] = await db.orm.select().from(users).where(eq(users.email, normalise(email))).limit(1);
  return row ?? null;
}

/** Login accepts the username or the e-mail address. */
export async function findUserByLogin(db: Database, login: string): Promise<User | null> {
  const value = normalise(login);
  if (!value) return null;
  const rows = await db.orm
    .select()
    .from(users)
    .where(or(eq(users.username, value), eq(users.email, value)))
    .limit(2);
  // A username equal to someone else's e-mail address: the username wins, as in Keycloak.
  return rows.find((u) => u.username === value) ?? rows[0] ?? null;
}

export async function listUsers(db: Database): Promise<User[]> {
  return db.orm.select().from(users).orderBy(asc(users.username));
}

export async function createUser(db: Database, input: NewUser): Promise<User> {
  const [row] = await db.orm
    .insert(users)
    .values({
      id: randomUUID(),
      username: normalise(input.username),
      email: normalise(input.email),
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      passwordHash: await hashPassword(input.password),
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
      // A changed address has not been verified.
      emailVerified: current?.email === email ? current.emailVerified : false,
    })
    .where(eq(users.id, id));
}

export async function setPassword(db: Database, id: string, password: string): Promise<void> {
  await db.orm.update(users).set({ passwordHash: await hashPassword(password) }).where(eq(users.id, id));
}

export async function setEditor(db: Database, id: string, isEditor: boolean): Promise<void> {
  await db.orm.update(users).set({ isEditor }).where(eq(users.id, id));
}
