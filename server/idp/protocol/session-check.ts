import type { Database } from '../../db/index.ts';
import { findActiveSession, issuedAfterRevocation, type ActiveSession } from './sessions.ts';

// The API in the same process asks here whether an access token's SSO session still stands, so a token of a
// revoked or logged-out session stops working within CACHE_MS instead of living on until it expires. The
// sessions are read at most once per CACHE_MS per session id: a burst of writes costs one query.
export const CACHE_MS = 500;
const MAX_ENTRIES = 10_000;

export type TokenSession = { sid?: unknown; sub?: unknown; iat?: number };

/** true when the token's session is active, belongs to its subject and was not revoked after the token was issued. */
export function createSessionCheck(db: Database, idleSeconds: number): (token: TokenSession) => Promise<boolean> {
  const cache = new Map<string, { session: ActiveSession | null; until: number }>();
  return async ({ sid, sub, iat }) => {
    if (typeof sid !== 'string' || !sid) return false;
    const now = Date.now();
    let entry = cache.get(sid);
    if (!entry || entry.until <= now) {
      if (cache.size >= MAX_ENTRIES) for (const [key, old] of cache) if (old.until <= now) cache.delete(key);
      if (cache.size >= MAX_ENTRIES) cache.clear();
      entry = { session: await findActiveSession(db, sid, idleSeconds), until: now + CACHE_MS };
      cache.set(sid, entry);
    }
    const active = entry.session;
    return (
      !!active &&
      active.user.id === sub &&
      issuedAfterRevocation(active.session, iat) &&
      active.session.expiresAt.getTime() > now
    );
  };
}
