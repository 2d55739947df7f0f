-- Look-alike names (issue 29, item 4): the Unicode TS #39 confusable skeleton of each username and e-mail address,
-- so a new name is compared with every existing one through an index. The skeleton is computed in JavaScript
-- (server/idp/skeleton.ts, Unicode's confusables table); rows from before this migration are filled in when the
-- provider starts (backfillNameSkeletons), hence nullable. Not unique: older data may already hold look-alikes.
ALTER TABLE users ADD COLUMN username_skeleton text;
ALTER TABLE users ADD COLUMN email_skeleton text;
CREATE INDEX users_username_skeleton_idx ON users (username_skeleton);
CREATE INDEX users_email_skeleton_idx ON users (email_skeleton);
