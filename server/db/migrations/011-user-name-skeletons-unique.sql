-- Look-alike names unique in the database (issue 35, item 4; docs/decisions/047-idp-sign-in-fair-by-network.md):
-- every skeleton a user's username or e-mail address has (server/idp/users/skeleton.ts, migration 008) is a row here, and
-- the primary key lets one user hold it. Usernames and e-mail addresses share one namespace (a username may look like
-- someone's address), so one table for both rather than a unique index on each column. Two look-alike registrations
-- at the same instant: the second insert fails and the form says the name is taken.
CREATE TABLE user_name_skeletons (
  skeleton text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE
);
CREATE INDEX user_name_skeletons_user_idx ON user_name_skeletons (user_id);

-- The users stored so far. A look-alike pair from before this rule (possible since 008 only refused new ones) is not
-- merged and does not stop the start: the older user holds the skeleton, the later one is left without it, and the
-- provider names the pair in its log at every start until someone renames one (users.ts `lookAlikePairs`). Rows
-- whose skeletons are not filled in yet get theirs when the provider starts (backfillNameSkeletons).
INSERT INTO user_name_skeletons (skeleton, user_id)
SELECT DISTINCT ON (skeleton) skeleton, id
FROM (
  SELECT username_skeleton AS skeleton, id, created_at FROM users WHERE username_skeleton IS NOT NULL
  UNION ALL
  SELECT email_skeleton, id, created_at FROM users WHERE email_skeleton IS NOT NULL
) AS names
ORDER BY skeleton, created_at, id;
