import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, ne, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import {
  idpAuthCodes,
  idpRefreshTokens,
  idpSessions,
  users,
  type SessionRow,
  type UserRow,
} from '../../db/schema/user-tables.ts';

// SSO sessions, one-time codes and refresh-token state, all in the database so a restart signs nobody out.
export const SESSION_MAX_SECONDS = 10 * 3600; // Keycloak's default "SSO Session Max"
export const CODE_SECONDS = 60; // Keycloak's default code lifespan

export const randomId = (bytes = 32) => randomBytes(bytes).toString('base64url');
const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

export type ActiveSession = { session: SessionRow; user: UserRow };

/** A new session and the secret for its cookie (returned once, stored only as a hash). */
export type NewSession = { session: SessionRow; cookieSecret: string };

export async function createSession(db: Database, userId: string, now = new Date()): Promise<NewSession> {
  // Opportunistic clean-up: expired sessions take their codes and refresh tokens with them (ON DELETE CASCADE).
  await db.orm.delete(idpSessions).where(lt(idpSessions.expiresAt, now));
  const cookieSecret = randomId();
  const [row] = await db.orm
    .insert(idpSessions)
    .values({
      id: randomId(),
      cookieHash: sha256(cookieSecret),
      userId,
      authTime: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_MAX_SECONDS * 1000),
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return { session: row, cookieSecret };
}

/**
 * The session and its user by public session id (a code's or refresh token's `sid`), when the session exists
 * and is neither idle too long nor past its maximum. Never use it for the browser's cookie: see below.
 */
export async function findActiveSession(
  db: Database,
  id: string | undefined,
  idleSeconds: number,
  now = new Date(),
): Promise<ActiveSession | null> {
  if (!id) return null;
  return activeOnly(await sessionWhere(db, eq(idpSessions.id, id)), idleSeconds, now);
}

/**
 * The session whose cookie secret this is. The public session id (published in every token) opens nothing:
 * only the secret that was set as the cookie does, and the database holds only its hash.
 */
export async function findSessionByCookie(
  db: Database,
  cookieSecret: string | undefined,
  idleSeconds: number,
  now = new Date(),
): Promise<ActiveSession | null> {
  if (!cookieSecret) return null;
  return activeOnly(await sessionWhere(db, eq(idpSessions.cookieHash, sha256(cookieSecret))), idleSeconds, now);
}

async function sessionWhere(db: Database, where: SQL): Promise<ActiveSession | null> {
  const [row] = await db.orm
    .select({ session: idpSessions, user: users })
    .from(idpSessions)
    .innerJoin(users, eq(users.id, idpSessions.userId))
    .where(where)
    .limit(1);
  return row ?? null;
}

function activeOnly(row: ActiveSession | null, idleSeconds: number, now: Date): ActiveSession | null {
  if (!row) return null;
  const idleUntil = row.session.lastSeenAt.getTime() + idleSeconds * 1000;
  if (row.session.expiresAt.getTime() <= now.getTime() || idleUntil <= now.getTime()) return null;
  return row;
}

export async function touchSession(db: Database, id: string, now = new Date()): Promise<void> {
  await db.orm.update(idpSessions).set({ lastSeenAt: now }).where(eq(idpSessions.id, id));
}

export async function deleteSession(db: Database, id: string): Promise<void> {
  await db.orm.delete(idpSessions).where(eq(idpSessions.id, id));
}

/** Ends every session of everyone, with their codes and refresh tokens (a restore with new keys). */
export async function endAllSessions(db: Database): Promise<number> {
  return (await db.orm.delete(idpSessions).returning({ id: idpSessions.id })).length;
}

/** Ends every session of the user except `keepId` (after a password change). */
export async function endOtherSessions(db: Database, userId: string, keepId: string): Promise<void> {
  await db.orm.delete(idpSessions).where(and(eq(idpSessions.userId, userId), ne(idpSessions.id, keepId)));
}

export type CodeGrant = {
  sessionId: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  nonce: string | null;
  acr: '0' | '1';
};

export async function createCode(db: Database, grant: CodeGrant, now = new Date()): Promise<string> {
  const code = randomId();
  await db.orm.delete(idpAuthCodes).where(lt(idpAuthCodes.expiresAt, now));
  await db.orm.insert(idpAuthCodes).values({
    codeHash: sha256(code),
    ...grant,
    expiresAt: new Date(now.getTime() + CODE_SECONDS * 1000),
  });
  return code;
}

/**
 * Marks the code used in one statement, so two concurrent redemptions cannot both succeed.
 * Returns null for unknown, expired or already used codes. A code presented a second time means someone else
 * has it (RFC 6749 4.1.2): the session it was issued in ends, revoking the tokens issued for it.
 */
export async function consumeCode(db: Database, code: string, now = new Date()): Promise<CodeGrant | null> {
  const [row] = await db.orm
    .update(idpAuthCodes)
    .set({ usedAt: now })
    .where(and(eq(idpAuthCodes.codeHash, sha256(code)), isNull(idpAuthCodes.usedAt)))
    .returning();
  if (!row) {
    const [used] = await db.orm
      .select()
      .from(idpAuthCodes)
      .where(eq(idpAuthCodes.codeHash, sha256(code)))
      .limit(1);
    if (used) await deleteSession(db, used.sessionId);
    return null;
  }
  if (row.expiresAt.getTime() <= now.getTime()) return null;
  return {
    sessionId: row.sessionId,
    clientId: row.clientId,
    redirectUri: row.redirectUri,
    codeChallenge: row.codeChallenge,
    nonce: row.nonce,
    acr: row.acr === '0' ? '0' : '1',
  };
}

export async function recordRefreshToken(db: Database, jti: string, sessionId: string, expiresAt: Date): Promise<void> {
  await db.orm.insert(idpRefreshTokens).values({ jti, sessionId, expiresAt });
}

export type RedeemResult = 'ok' | 'reused' | 'unknown';

/**
 * Redeems a refresh token once. A second use is a sign of theft (the thief or the owner holds a copy): the
 * session it belongs to ends, taking every code and refresh token of it along (ON DELETE CASCADE), so both
 * have to sign in again, as Keycloak does with "Revoke Refresh Token" and a reuse count of 0.
 */
export async function redeemRefreshToken(db: Database, jti: string, now = new Date()): Promise<RedeemResult> {
  const [row] = await db.orm
    .update(idpRefreshTokens)
    .set({ usedAt: now })
    .where(and(eq(idpRefreshTokens.jti, jti), isNull(idpRefreshTokens.usedAt)))
    .returning({ jti: idpRefreshTokens.jti });
  if (row) return 'ok';
  const [old] = await db.orm.select().from(idpRefreshTokens).where(eq(idpRefreshTokens.jti, jti)).limit(1);
  if (!old) return 'unknown';
  await deleteSession(db, old.sessionId);
  return 'reused';
}

/**
 * Token revocation (RFC 7009): every refresh token of the session stops working and access tokens issued until
 * now are refused by userinfo and introspection (2.1: revoking one token of a grant may revoke the others).
 * The SSO session itself stays, as in Keycloak: the person is not signed out of the provider.
 */
export async function revokeSessionTokens(db: Database, sessionId: string, now = new Date()): Promise<void> {
  // Deleted rather than marked used: presenting a revoked token later is refused, not taken for theft.
  await db.orm.delete(idpRefreshTokens).where(eq(idpRefreshTokens.sessionId, sessionId));
  await db.orm.update(idpSessions).set({ tokensValidAfter: now }).where(eq(idpSessions.id, sessionId));
}

/** Whether an access token issued at `iat` (seconds) is still good for the session (not revoked since). */
export function issuedAfterRevocation(session: SessionRow, iat: number | undefined): boolean {
  if (!session.tokensValidAfter) return true;
  return iat !== undefined && iat * 1000 > session.tokensValidAfter.getTime();
}
