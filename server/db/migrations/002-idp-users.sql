-- Users and sign-in state of the embedded identity provider (schema: server/db/schema/users.ts).
CREATE TABLE users (
  id uuid PRIMARY KEY,
  username text NOT NULL UNIQUE,
  email text NOT NULL UNIQUE,
  first_name text NOT NULL,
  last_name text NOT NULL,
  password_hash text NOT NULL,
  email_verified boolean NOT NULL DEFAULT false,
  is_editor boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE idp_sessions (
  id text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  auth_time timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX idp_sessions_user_idx ON idp_sessions (user_id);

CREATE TABLE idp_auth_codes (
  code_hash text PRIMARY KEY,
  session_id text NOT NULL REFERENCES idp_sessions (id) ON DELETE CASCADE,
  client_id text NOT NULL,
  redirect_uri text NOT NULL,
  code_challenge text NOT NULL,
  nonce text,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE idp_refresh_tokens (
  jti text PRIMARY KEY,
  session_id text NOT NULL REFERENCES idp_sessions (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX idp_refresh_tokens_session_idx ON idp_refresh_tokens (session_id);
