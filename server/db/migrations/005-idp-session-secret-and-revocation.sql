-- The SSO cookie carries a secret of its own; only its SHA-256 is stored. The session id stays public: it is
-- the `sid` of every token and the `session_state` of every redirect, so it must never open the session.
-- Sessions from before this migration have no cookie hash: their holders sign in again.
ALTER TABLE idp_sessions ADD COLUMN cookie_hash text UNIQUE;

-- Token revocation (RFC 7009) ends the tokens of a session without ending the SSO session: access tokens
-- issued at or before this time are refused by userinfo and introspection.
ALTER TABLE idp_sessions ADD COLUMN tokens_valid_after timestamptz;

-- How the person authenticated for this code: "1" after a password, "0" on the SSO cookie alone (`acr`).
ALTER TABLE idp_auth_codes ADD COLUMN acr text NOT NULL DEFAULT '1';
