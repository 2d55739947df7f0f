import type { Config } from '../../config.ts';

// One public client (config.keycloakClientId) whose redirect and post-logout redirect URIs are checked against
// its patterns (config.idp.redirectUris) the way Keycloak's RedirectUtils does: a pattern ending in `*` matches
// by prefix, ignoring the query and fragment of the redirect (and `https://h/app/*` also matches `https://h/app`);
// any other pattern must equal the redirect exactly. Default patterns: `${origin}/*` per allowed origin, since
// keycloak-js sends location.href.
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
  // Compare what the browser will open: the parsed form, with dot segments resolved and the host lower-cased, so
  // `/app/../admin` cannot pass as `/app/*`. An address that parses into something else than was sent is refused.
  const redirect = url.href;
  if (redirect !== uri && redirect !== `${uri}/`) return false;
  return config.idp.redirectUris.some((pattern) => matches(pattern, redirect));
}

function matches(pattern: string, redirect: string): boolean {
  if (!pattern.endsWith('*') || pattern.includes('?')) return pattern === redirect;
  const withoutQuery = redirect.replace(/[?#].*$/s, '');
  const prefix = pattern.slice(0, -1);
  return withoutQuery.startsWith(prefix) || (prefix.endsWith('/') && withoutQuery === prefix.slice(0, -1));
}

/** Appends OAuth response parameters to the redirect URI in the fragment or the query. */
export function withResponseParams(
  uri: string,
  params: Record<string, string | undefined>,
  mode: 'fragment' | 'query',
): string {
  const url = new URL(uri);
  const entries = Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined);
  if (mode === 'query') {
    for (const [name, value] of entries) url.searchParams.append(name, value);
  } else {
    url.hash = new URLSearchParams(entries).toString();
  }
  return url.toString();
}
