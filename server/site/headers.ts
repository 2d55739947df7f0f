import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig, type Config } from '../config.ts';
import { contentSecurityPolicy, inlineHashes } from './csp.ts';

// The site's response headers, in one place. The embedded server (./index.ts) sends them, and
// `npm run build` writes them for static hosts from the same values (writeHostingHeaders below):
// dist/_headers for Netlify and Cloudflare Pages, dist/nginx-headers/*.conf for deploy/nginx.conf.

/** Cache-Control per kind of response. */
export const CACHE_CONTROL = {
  // Pages are tiny shells: always revalidate so a new deploy is picked up at once.
  page: 'no-cache',
  // /_astro/ file names carry a hash of their content.
  asset: 'public, max-age=31536000, immutable',
  // The runtime config is a deployment setting that may change without a new build.
  config: 'no-store',
  // Other files (favicon.svg, silent-check-sso.js): plain names, so revalidate.
  file: 'no-cache',
} as const;

export type Kind = keyof typeof CACHE_CONTROL;

/** On every response of the site (helmet sends the same on the API's). frame-ancestors is in the CSP. */
export const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
} as const;

/** The headers of one kind of response; pages (every HTML response, the 404 page too) carry the CSP. */
export function siteHeaders(kind: Kind, csp: string): Record<string, string> {
  return {
    ...(kind === 'page' ? { 'Content-Security-Policy': csp } : {}),
    ...SECURITY_HEADERS,
    'Cache-Control': CACHE_CONTROL[kind],
  };
}

/**
 * dist/_headers (Netlify, Cloudflare Pages). These hosts apply every rule whose path matches and
 * join a header named by two of them with a comma, so each header is named once per path, save
 * /config.json (no-store joins no-cache: still never stored). No rule can tell HTML from other
 * files, so the CSP goes with everything (browsers ignore it on scripts and styles).
 */
export function netlifyHeaders(csp: string): string {
  const everywhere = Object.entries({ 'Content-Security-Policy': csp, ...SECURITY_HEADERS }).map(([name, value]) => `  ${name}: ${value}`);
  const cache = (kind: Kind) => `  Cache-Control: ${CACHE_CONTROL[kind]}`;
  return [
    '# Written by `npm run build` (server/site/headers.ts): the headers the embedded server sends. Do not edit.',
    '/*', ...everywhere,
    // Pages, /{id} and top-level files are one path segment; /{id}/edit is two.
    '/', cache('page'),
    '/:name', cache('page'),
    '/:id/edit', cache('page'),
    '/_astro/*', cache('asset'),
    '/config.json', cache('config'),
    '',
  ].join('\n');
}

function nginxValue(value: string): string {
  // Inside nginx's double quotes, " \ and $ (variables) would change the value.
  if (/["\\$\n]/.test(value)) throw new Error(`a header value nginx cannot take as it is: ${value}`);
  return `"${value}"`;
}

/** One nginx include per kind deploy/nginx.conf uses: `add_header … always;` (always: 404 pages too). */
export function nginxHeaders(kind: Exclude<Kind, 'file'>, csp: string): string {
  const adds = Object.entries(siteHeaders(kind, csp)).map(([name, value]) => `add_header ${name} ${nginxValue(value)} always;`);
  return [`# Written by \`npm run build\` (server/site/headers.ts) for deploy/nginx.conf. Do not edit.`, ...adds, ''].join('\n');
}

const NGINX_HEADERS_DIR = 'nginx-headers';
const NGINX_KINDS = ['page', 'asset', 'config'] as const;

/**
 * The deployment settings the CSP names (the identity provider's and the API's origins), read from
 * the environment as the server reads them: KEYCLOAK_URL, API_URL, PUBLIC_URL (PORT). None set:
 * everything on the site's own origin.
 */
export function hostingConfig(env: Record<string, string | undefined>): Config {
  const { PUBLIC_URL, PORT, KEYCLOAK_URL, API_URL } = env;
  return loadConfig({ PUBLIC_URL, PORT, KEYCLOAK_URL, API_URL });
}

/** Writes dist/_headers and dist/nginx-headers/{page,asset,config}.conf for the built site in `dir`. */
export function writeHostingHeaders(dir: string, config: Config): void {
  const csp = contentSecurityPolicy(config, inlineHashes(dir));
  writeFileSync(join(dir, '_headers'), netlifyHeaders(csp));
  mkdirSync(join(dir, NGINX_HEADERS_DIR), { recursive: true });
  for (const kind of NGINX_KINDS) writeFileSync(join(dir, NGINX_HEADERS_DIR, `${kind}.conf`), nginxHeaders(kind, csp));
}
