// The committed realm allows http://localhost:8080 only; a test run serves the product on a spare port,
// so the harness imports a copy that also allows that origin (redirects, post-logout redirects, CORS).
import { readFileSync } from 'node:fs';

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
