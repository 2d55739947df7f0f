import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Users and sign-in state of the embedded identity provider (migration 002-idp-users.sql).
// Usernames and e-mail addresses are stored lower-cased, as Keycloak does, so uniqueness is case-insensitive.
// Their confusable skeletons (migration 008) let a look-alike of any existing name be found through an index.
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    username: text('username').notNull().unique(),
    email: text('email').notNull().unique(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    isEditor: boolean('is_editor').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Unicode TS #39 skeletons of the normalised username and e-mail address; null until backfilled. */
    usernameSkeleton: text('username_skeleton'),
    emailSkeleton: text('email_skeleton'),
  },
  (t) => [
    index('users_username_skeleton_idx').on(t.usernameSkeleton),
    index('users_email_skeleton_idx').on(t.emailSkeleton),
  ],
);

/**
 * An SSO session; kept in the database so a restart keeps people signed in. `id` is public (the tokens' `sid`);
 * the KEYCLOAK_SESSION cookie holds a separate secret of which only the SHA-256 is stored (`cookieHash`).
 */
export const idpSessions = pgTable(
  'idp_sessions',
  {
    id: text('id').primaryKey(),
    cookieHash: text('cookie_hash').unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authTime: timestamp('auth_time', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set by token revocation: access tokens issued at or before it are refused. */
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true }),
  },
  (t) => [index('idp_sessions_user_idx').on(t.userId)],
);

/** One-time authorization codes; only a SHA-256 of the code is stored. */
export const idpAuthCodes = pgTable('idp_auth_codes', {
  codeHash: text('code_hash').primaryKey(),
  sessionId: text('session_id')
    .notNull()
    .references(() => idpSessions.id, { onDelete: 'cascade' }),
  clientId: text('client_id').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  codeChallenge: text('code_challenge').notNull(),
  nonce: text('nonce'),
  /** "1" after a password, "0" for a sign-in on the SSO cookie alone. */
  acr: text('acr').notNull().default('1'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Refresh-token state for rotation: each jti may be redeemed once; a second use revokes the family. */
export const idpRefreshTokens = pgTable(
  'idp_refresh_tokens',
  {
    jti: text('jti').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => idpSessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('idp_refresh_tokens_session_idx').on(t.sessionId)],
);

/**
 * Each skeleton of a user's username and e-mail address, held by one user (migration 011): the database refuses a
 * look-alike that two registrations at the same instant would both have written. A look-alike pair stored before
 * that rule keeps its older user here; the later one has no row for the shared skeleton (reported at start).
 */
export const userNameSkeletons = pgTable(
  'user_name_skeletons',
  {
    skeleton: text('skeleton').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('user_name_skeletons_user_idx').on(t.userId)],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof idpSessions.$inferSelect;
