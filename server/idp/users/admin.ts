import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Database } from '../../db/index.ts';
import { keycloakPartialImport, oneTimePassword } from './keycloak-export.ts';
import {
  backfillNameSkeletons,
  createUser,
  findUserByUsername,
  listUsers,
  loginTaken,
  NameTakenError,
  setEditor,
  setPassword,
} from './user-repository.ts';
import {
  PROFILE_MESSAGES,
  validateEmail,
  validateNames,
  validateNewPassword,
  validateUsername,
  type FieldErrors,
} from './profile-rules.ts';

// The logic behind `npm run users`, separate from process handling so tests can drive it.
export const USAGE = `Usage: npm run users -- <command>
  list
  add <username> --email <e-mail> --first <first name> --last <last name> [--editor] [--password <password>]
  passwd <username> [--password <password>]
  grant-editor <username>
  revoke-editor <username>
  export-keycloak <file> [--no-passwords]
Without --password the password is asked for (or read from the first line of stdin).
export-keycloak writes every user as a Keycloak partial-import file, each with a printed one-time password.`;

export type AdminIo = {
  out: (line: string) => void;
  readPassword: (prompt: string) => Promise<string>;
  /** The Keycloak realm that export-keycloak writes for (KEYCLOAK_REALM): its default roles are named after it. */
  realm?: string;
};
export class UsageError extends Error {}

function check(errors: FieldErrors): void {
  const problems = Object.entries(errors).map(([field, message]) => `${field}: ${message}`);
  if (problems.length) throw new Error(problems.join('\n'));
}

async function mustFind(db: Database, username: string | undefined) {
  if (!username) throw new UsageError('A username is required.');
  const user = await findUserByUsername(db, username);
  if (!user) throw new Error(`No user named "${username}".`);
  return user;
}

export async function runUsersCommand(db: Database, argv: string[], io: AdminIo): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      first: { type: 'string' },
      last: { type: 'string' },
      password: { type: 'string' },
      editor: { type: 'boolean', default: false },
      'no-passwords': { type: 'boolean', default: false },
    },
  });
  const [command, username] = positionals;
  switch (command) {
    case 'list': {
      const users = await listUsers(db);
      io.out(['username', 'e-mail', 'name', 'editor'].join('\t'));
      for (const u of users)
        io.out([u.username, u.email, `${u.firstName} ${u.lastName}`, u.isEditor ? 'yes' : 'no'].join('\t'));
      io.out(`${users.length} user(s)`);
      return;
    }
    case 'add': {
      const input = {
        username: username ?? '',
        email: values.email ?? '',
        firstName: values.first ?? '',
        lastName: values.last ?? '',
      };
      const errors: FieldErrors = {};
      validateUsername(input.username, errors);
      validateEmail(input.email, errors);
      validateNames(input, errors);
      // The registration form's rule: one namespace for usernames and e-mail addresses, look-alikes included.
      await backfillNameSkeletons(db);
      if (!errors.username && (await loginTaken(db, input.username))) errors.username = PROFILE_MESSAGES.usernameTaken;
      if (!errors.email && (await loginTaken(db, input.email))) errors.email = PROFILE_MESSAGES.emailTaken;
      check(errors);
      const password = values.password ?? (await io.readPassword('Password: '));
      validateNewPassword(password, undefined, errors);
      check(errors);
      let user;
      try {
        user = await createUser(db, { ...input, password, isEditor: values.editor });
      } catch (error) {
        // Stored (or a look-alike stored) by a registration since the check above.
        if (!(error instanceof NameTakenError)) throw error;
        errors[error.field] = error.field === 'email' ? PROFILE_MESSAGES.emailTaken : PROFILE_MESSAGES.usernameTaken;
        check(errors);
        throw error;
      }
      io.out(`Added ${user.username}${user.isEditor ? ' (editor)' : ''}.`);
      return;
    }
    case 'passwd': {
      const user = await mustFind(db, username);
      const password = values.password ?? (await io.readPassword(`New password for ${user.username}: `));
      const errors: FieldErrors = {};
      validateNewPassword(password, undefined, errors);
      check(errors);
      await setPassword(db, user.id, password);
      io.out(`Password changed for ${user.username}.`);
      return;
    }
    case 'grant-editor':
    case 'revoke-editor': {
      const user = await mustFind(db, username);
      await setEditor(db, user.id, command === 'grant-editor');
      // Tokens already issued keep their roles until they expire (at most the access-token lifetime).
      io.out(
        `${user.username} ${command === 'grant-editor' ? 'is now an editor' : 'is no longer an editor'} (from the next sign-in or token refresh).`,
      );
      return;
    }
    case 'export-keycloak': {
      const file = username;
      if (!file) throw new UsageError('A file to write is required.');
      const users = await listUsers(db);
      const passwords = new Map<string, string>();
      const document = keycloakPartialImport(
        users,
        io.realm ?? 'recipes',
        values['no-passwords']
          ? null
          : (user) => {
              const password = oneTimePassword();
              passwords.set(user.username, password);
              return password;
            },
      );
      // Secret (one-time passwords): 0600, renamed into place whole.
      const partial = `${file}.partial-${process.pid}`;
      try {
        writeFileSync(partial, `${JSON.stringify(document, null, 2)}\n`, { mode: 0o600 });
        renameSync(partial, file);
      } finally {
        rmSync(partial, { force: true });
      }
      io.out(
        `Wrote ${users.length} user(s) to ${file} for Keycloak realm ${io.realm ?? 'recipes'} (partial import, existing users skipped).`,
      );
      if (values['no-passwords']) {
        io.out(
          'No passwords: send each user Keycloak\'s "Update Password" e-mail (Users → user → Credentials → Credential reset).',
        );
        return;
      }
      io.out(
        'One-time passwords (Keycloak asks for a new password at the first sign-in); give each to its owner, then delete the file:',
      );
      for (const [name, password] of passwords) io.out(`${name}\t${password}`);
      return;
    }
    default:
      throw new UsageError(command ? `Unknown command "${command}".` : 'No command given.');
  }
}
