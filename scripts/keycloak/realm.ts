// The committed realm allows http://localhost:8080 only; a test run serves the product on a spare port,
// so the harness imports a copy that also allows that origin (redirects, post-logout redirects, CORS), and
// adds the demo users the end-to-end suite signs in as.
import { readFileSync } from 'node:fs';
import { DEMO_USERS } from '../../server/idp/users/demo-users.ts';

type Client = {
  clientId: string;
  rootUrl?: string;
  redirectUris?: string[];
  webOrigins?: string[];
  attributes?: Record<string, string>;
};
type Realm = { realm: string; clients?: Client[] } & Record<string, unknown>;

export function readRealm(path: string): Realm {
  return JSON.parse(readFileSync(path, 'utf8')) as Realm;
}

/** A copy of the realm whose client also accepts the given origins. */
export function withOrigins(realm: Realm, clientId: string, origins: readonly string[]): Realm {
  const copy = structuredClone(realm);
  const client = copy.clients?.find((c) => c.clientId === clientId);
  if (!client) throw new Error(`realm ${realm.realm} has no client ${clientId}`);
  const patterns = origins.map((o) => `${o.replace(/\/+$/, '')}/*`);
  // Keycloak's own "back to the application" links (logout confirmation, account console) use rootUrl.
  if (client.rootUrl && origins[0]) client.rootUrl = origins[0];
  client.redirectUris = [...new Set([...(client.redirectUris ?? []), ...patterns])];
  // "+" means "the origins of the redirect URIs"; an explicit list gets the new origins too.
  if (client.webOrigins && !client.webOrigins.includes('+')) {
    client.webOrigins = [...new Set([...client.webOrigins, ...origins])];
  }
  const attributes = (client.attributes ??= {});
  const logout = (attributes['post.logout.redirect.uris'] ?? '').split('##').filter(Boolean);
  attributes['post.logout.redirect.uris'] = [...new Set([...logout, ...patterns])].join('##');
  return copy;
}

type KeycloakUser = {
  username: string;
  enabled: boolean;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  requiredActions: string[];
  credentials: { type: 'password'; value: string; temporary: boolean }[];
  realmRoles: string[];
};

/**
 * A copy of the realm with the embedded provider's demo users (published passwords) for test and development
 * runs. The committed realm, which people import into their Keycloak, has no users. Brute-force protection is
 * off in the copy: Keycloak locks a user for everyone, and the suite signs the same demo users in from parallel
 * workers next to a wrong-password test (Keycloak answered `user_temporarily_disabled` to a correct sign-in).
 */
export function withDemoUsers(realm: Realm): Realm & { users: KeycloakUser[] } {
  const users = DEMO_USERS.map((demo) => ({
    username: demo.username,
    enabled: true,
    email: demo.email,
    emailVerified: true,
    firstName: demo.firstName,
    lastName: demo.lastName,
    requiredActions: [],
    credentials: [{ type: 'password' as const, value: demo.password, temporary: false }],
    realmRoles: demo.editor ? [`default-roles-${realm.realm}`, 'editor'] : [`default-roles-${realm.realm}`],
  }));
  return { ...structuredClone(realm), bruteForceProtected: false, users };
}
