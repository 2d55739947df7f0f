-- The SSO cookie carries a secret of its own; only its SHA-256 is stored. The session id stays public: it is
-- the `sid` of every token and the `session_state` of every redirect, so it must never open the session.
-- Sessions from before this migration have no cookie hash: their holders sign in again.
ALTER TABLE idp_sessions ADD COLUMN cookie_hash text UNIQUE;
