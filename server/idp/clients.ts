import type { Config } from '../config.ts';

// One public client (config.keycloakClientId). Redirect and post-logout URIs follow Keycloak's `${origin}/*`
// pattern for every allowed origin: keycloak-js sends location.href, so exact matching would never work.
export function isKnownClient(config: Config, clientId: unknown): clientId is string {
  return typeof clientId === 'string' && clientId === config.keycloakClientId;
}

export function isAllowedRedirect(config: Config, uri: unknown): uri is string {
  if (typeof uri !== 'string' || uri.length > 2048) return false;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  return config.allowedOrigins.includes(url.origin);
}

/** Appends OAuth response parameters to the redirect URI in the fragment or the query. */
export function withResponseParams(uri: string, params: Record<string, string | undefined>, mode: 'fragment' | 'query'): string {
  const url = new URL(uri);
  const entries = Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined);
  if (mode === 'query') {
    for (const [k, v] of entries) url.searchParams.append(k, v);
  } else {
    url.hash = new URLSearchParams(entries).toString();
  }
  return url.toString();
}
