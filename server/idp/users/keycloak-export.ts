// `npm run users -- export-keycloak FILE`: the embedded provider's users as a Keycloak partial-import file, for
// the move to a real Keycloak (admin console: Realm settings → Action → Partial import, or
// POST /admin/realms/{realm}/partialImport with the file as body). Usernames, e-mail addresses, names, the
// verified flag, the creation time and the editor role move. Passwords cannot: the stored scrypt hashes are
// of no algorithm Keycloak reads. So each user gets a random one-time password (temporary: Keycloak asks for a
// new one at the first sign-in) and the required action UPDATE_PASSWORD; with `--no-passwords` only the
// required action, for realms that e-mail people a link to set one (Keycloak's "execute actions" e-mail).
import { randomBytes } from 'node:crypto';
import type { User } from './user-repository.ts';

export type KeycloakUser = {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  enabled: true;
  emailVerified: boolean;
  createdTimestamp: number;
  realmRoles: string[];
  requiredActions: ['UPDATE_PASSWORD'];
  credentials?: [{ type: 'password'; value: string; temporary: true }];
};

/** Keycloak's PartialImportRepresentation with users only; a user whose name or e-mail exists is skipped. */
export type KeycloakPartialImport = { ifResourceExists: 'SKIP'; users: KeycloakUser[] };

/** 16 characters from 96 random bits: within the realm's policy (8 to 128 characters). */
export const oneTimePassword = () => randomBytes(12).toString('base64url');

export function keycloakPartialImport(
  users: readonly User[],
  realm: string,
  passwordFor: ((user: User) => string) | null = oneTimePassword,
): KeycloakPartialImport {
  return {
    ifResourceExists: 'SKIP',
    users: users.map((user) => ({
      username: user.username,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      enabled: true,
      emailVerified: user.emailVerified,
      createdTimestamp: new Date(user.createdAt).getTime(),
      // Keycloak grants a realm's default roles only to users it creates itself, not to imported ones.
      realmRoles: user.isEditor ? [`default-roles-${realm}`, 'editor'] : [`default-roles-${realm}`],
      requiredActions: ['UPDATE_PASSWORD'],
      ...(passwordFor ? { credentials: [{ type: 'password', value: passwordFor(user), temporary: true }] } : {}),
    })),
  };
}
