import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, ne, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/index.ts';
import { userNameSkeletons, users, type UserRow } from '../../db/schema/user-tables.ts';
import { hashPassword, type PasswordQueue } from './passwords.ts';
import { skeleton } from './skeleton.ts';
import { normalise } from './profile-rules.ts';

const holders = alias(users, 'holders');

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
 * Fills in the skeletons of users stored before migration 008 (or by a tool that wrote no skeleton), and claims
 * them (migration 011) where no other user holds them. Run when the provider starts and before the CLI adds a user;
 * a no-op once every row has them.
 */
export async function backfillNameSkeletons(db: Database): Promise<number> {
  const missing = await db.orm
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(or(isNull(users.usernameSkeleton), isNull(users.emailSkeleton)))
    .orderBy(asc(users.createdAt), asc(users.id));
  for (const row of missing) {
    const [usernameSkeleton, emailSkeleton] = [skeleton(row.username), skeleton(row.email)];
    await db.orm.update(users).set({ usernameSkeleton, emailSkeleton }).where(eq(users.id, row.id));
    await db.orm
      .insert(userNameSkeletons)
      .values([...new Set([usernameSkeleton, emailSkeleton])].map((shape) => ({ skeleton: shape, userId: row.id })))
      .onConflictDoNothing();
  }
  return missing.length;
}

/** Two users whose names look alike, stored before the database refused that: `later` holds no row for it. */
export type LookAlikePair = { earlier: string; later: string };

/**
 * The look-alike pairs the database holds (migration 011 left them as they were): each user whose username or
 * e-mail skeleton another user holds. The provider names them in its log at start; the owner of the server decides
 * which one to rename (nothing is merged).
 */
export async function lookAlikePairs(db: Database): Promise<LookAlikePair[]> {
  const rows = await db.orm
    .select({ later: users.username, earlier: holders.username })
    .from(users)
    .innerJoin(
      userNameSkeletons,
      or(eq(userNameSkeletons.skeleton, users.usernameSkeleton), eq(userNameSkeletons.skeleton, users.emailSkeleton)),
    )
    .innerJoin(holders, eq(holders.id, userNameSkeletons.userId))
    .where(ne(userNameSkeletons.userId, users.id))
    .orderBy(asc(users.username));
  return [...new Map(rows.map((row) => [`${row.earlier}\0${row.later}`, row])).values()];
}

export async function listUsers(db: Database): Promise<User[]> {
  return db.orm.select().from(users).orderBy(asc(users.username));
}

/**
 * The name (or e-mail address) is taken after all: the database refused it, because a registration at the same
 * instant stored it or a look-alike of it between our check and our insert (the unique username, e-mail address
 * and skeleton, migration 011). Callers answer as they answer a name found taken.
 */
export class NameTakenError extends Error {
  readonly field: 'username' | 'email';
  constructor(field: 'username' | 'email') {
    super(`${field} taken`);
    this.field = field;
  }
}

// PostgreSQL's unique_violation, as drizzle passes it on (the driver's error, or wrapped as the cause).
const uniqueViolation = (error: unknown): { constraint?: string } | null => {
  const direct = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  if (direct?.code === '23505') return direct;
  if (direct?.cause?.code === '23505') return direct.cause;
  return null;
};

type Tx = Parameters<Parameters<Database['orm']['transaction']>[0]>[0];

/** Claims a skeleton for the user; NameTakenError(field) when another user holds it. */
async function claimSkeleton(tx: Tx, userId: string, skeletonOf: string, field: 'username' | 'email') {
  const [claimed] = await tx
    .insert(userNameSkeletons)
    .values({ skeleton: skeletonOf, userId })
    .onConflictDoNothing()
    .returning({ userId: userNameSkeletons.userId });
  if (claimed) return;
  const [holder] = await tx
    .select({ userId: userNameSkeletons.userId })
    .from(userNameSkeletons)
    .where(eq(userNameSkeletons.skeleton, skeletonOf));
  if (holder?.userId !== userId) throw new NameTakenError(field);
}

/**
 * Stores a new user and claims the skeletons of its username and e-mail address in one transaction: of two
 * look-alikes written at the same instant, one is stored and the other gets NameTakenError. `queue`: the provider's
 * password queue when the provider creates the user (registration). The password is hashed before the transaction.
 */
export async function createUser(db: Database, input: NewUser, queue?: PasswordQueue): Promise<User> {
  const username = normalise(input.username);
  const email = normalise(input.email);
  const passwordHash = await hashPassword(input.password, undefined, queue);
  try {
    return await db.orm.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          id: randomUUID(),
          username,
          email,
          usernameSkeleton: skeleton(username),
          emailSkeleton: skeleton(email),
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          passwordHash,
          isEditor: input.isEditor ?? false,
          emailVerified: input.emailVerified ?? false,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) {
        const [sameEmail] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
        throw new NameTakenError(sameEmail ? 'email' : 'username');
      }
      await claimSkeleton(tx, row.id, skeleton(username), 'username');
      await claimSkeleton(tx, row.id, skeleton(email), 'email');
      return row;
    });
  } catch (error) {
    // A unique index the statements above did not expect (a conflict they could not see inside the transaction).
    const violation = uniqueViolation(error);
    if (violation) throw new NameTakenError(violation.constraint?.includes('email') ? 'email' : 'username');
    throw error;
  }
}

/** Saves the profile; a new e-mail address claims its skeleton (NameTakenError('email') when someone holds it). */
export async function updateProfile(
  db: Database,
  id: string,
  profile: { firstName: string; lastName: string; email: string },
): Promise<void> {
  const current = await findUserById(db, id);
  const email = normalise(profile.email);
  try {
    await db.orm.transaction(async (tx) => {
      await tx
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
      if (!current || current.email === email) return;
      // The old address's skeleton is free again, unless the username has the same one.
      const keep = skeleton(current.username);
      await tx
        .delete(userNameSkeletons)
        .where(
          and(
            eq(userNameSkeletons.userId, id),
            eq(userNameSkeletons.skeleton, skeleton(current.email)),
            ne(userNameSkeletons.skeleton, keep),
          ),
        );
      await claimSkeleton(tx, id, skeleton(email), 'email');
    });
  } catch (error) {
    if (uniqueViolation(error)) throw new NameTakenError('email');
    throw error;
  }
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
