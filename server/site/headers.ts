import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { loadConfig, type Config } from '../config.ts';
import { HSTS_HEADER, servesHttps } from '../plugins/helmet.ts';
import { policyText } from '../http/content-security-policy.ts';
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
  // Other files (favicon.svg, silent-check-sso.js, the manifest and its icons): plain names, so revalidate. The
  // service worker (/sw.js) above all: a browser looks for a new one at each visit, and a kept copy would hold
  // every visitor on the old build (docs/decisions/056-offline-reading-with-workbox.md).
  file: 'no-cache',
  // What only this server answers (/{id} with the recipe's head, /sitemap.xml, /robots.txt; ./recipe-page.ts):
  // browsers revalidate every time (a 304 when nothing changed), so a change shows at once; a CDN may keep an
  // answer a minute and serve it up to ten more while it revalidates. A stale /{id} is wrong only in its preview:
  // the page's island reads the recipe itself.
  shared: 'public, max-age=0, s-maxage=60, stale-while-revalidate=600',
  // Errors other than the 404 page (a 403 for /_astro/%00): never kept, so a fixed file is seen at once.
  error: 'no-store',
} as const;

export type Kind = keyof typeof CACHE_CONTROL;

/** On every response of the site (helmet sends the same on the API's). frame-ancestors is in the CSP. */
export const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
} as const;

/**
 * SVG is a document too: opened on its own it could run script. Its own policy allows nothing but its inline
 * styles; the pages' policy would allow the site's scripts.
 */
export const SVG_POLICY = policyText({ 'default-src': ["'none'"], 'style-src': ["'unsafe-inline'"] });

/** The headers of one kind of response; documents carry a policy: pages (every HTML response) the site's CSP, SVG its own. */
export function siteHeaders(kind: Kind, policy?: string): Record<string, string> {
  return {
    ...(policy ? { 'Content-Security-Policy': policy } : {}),
    ...SECURITY_HEADERS,
    'Cache-Control': CACHE_CONTROL[kind],
  };
}

const NGINX_HEADERS_DIR = 'nginx-headers';

/**
 * What in dist/ configures the hosting rather than being the site: the files written here and public/_redirects.
 * Static hosts read them (nginx its includes); the embedded server answers 404 for them, as deploy/nginx.conf does.
 */
export const HOSTING_FILES = ['_headers', '_redirects', NGINX_HEADERS_DIR] as const;

/** Whether a request's path (as sent: percent-encoded, perhaps with `.` segments) names one of HOSTING_FILES or what is in them. */
export function isHostingPath(path: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path.split('?')[0] ?? '');
  } catch {
    return false; // not a name at all: the static files answer it with an error
  }
  const first = posix
    .normalize(`/${decoded}`)
    .split('/')
    .find((segment) => segment !== '');
  return (HOSTING_FILES as readonly string[]).includes(first ?? '');
}

/**
 * dist/_headers (Netlify, Cloudflare Pages). These hosts apply every rule whose path matches and
 * join a header named by two of them with a comma, so each header is named once per path, save
 * /config.json (no-store joins no-cache: still never stored). No rule can tell HTML from other
 * files, so the CSP goes with everything (browsers ignore it on scripts and styles).
 */
export function netlifyHeaders(csp: string, svgPaths: string[] = [], transport: Record<string, string> = {}): string {
  const everywhere = Object.entries({ 'Content-Security-Policy': csp, ...SECURITY_HEADERS, ...transport }).map(
    ([name, value]) => `  ${name}: ${value}`,
  );
  const cache = (kind: Kind) => `  Cache-Control: ${CACHE_CONTROL[kind]}`;
  // The SVG policy joins the one on /*: a browser enforces both, so what SVG_POLICY forbids stays forbidden.
  const svg = svgPaths.flatMap((path) => [path, `  Content-Security-Policy: ${SVG_POLICY}`]);
  return [
    '# Written by `npm run build` (server/site/headers.ts): the headers the embedded server sends. Do not edit.',
    '/*',
    ...everywhere,
    // Pages, /{id} and top-level files are one path segment; /{id}/edit is two.
    '/',
    cache('page'),
    '/:name',
    cache('page'),
    '/:id/edit',
    cache('page'),
    '/_astro/*',
    cache('asset'),
    '/config.json',
    cache('config'),
    ...svg,
    '',
  ].join('\n');
}

function nginxValue(value: string): string {
  // Inside nginx's double quotes, " \ and $ (variables) would change the value.
  if (/["\\$\n]/.test(value)) throw new Error(`a header value nginx cannot take as it is: ${value}`);
  return `"${value}"`;
}

/** The includes deploy/nginx.conf uses, one per kind of location: its headers. */
function nginxIncludes(csp: string, transport: Record<string, string>): Record<string, Record<string, string>> {
  const includes = {
    page: siteHeaders('page', csp),
    asset: siteHeaders('asset'),
    'asset-svg': siteHeaders('asset', SVG_POLICY),
    config: siteHeaders('config'),
    // The service worker, the manifest and its icons: revalidated, as on the embedded server.
    file: siteHeaders('file'),
    svg: siteHeaders('file', SVG_POLICY),
  };
  // add_header in a location replaces the server block's: each include names everything.
  return Object.fromEntries(Object.entries(includes).map(([name, headers]) => [name, { ...headers, ...transport }]));
}

/**
 * What helmet adds on the embedded server that a static host must be told: Strict-Transport-Security, only when
 * PUBLIC_URL is https (server/plugins/helmet.ts).
 */
function transportHeaders(config: Config): Record<string, string> {
  return servesHttps(config) ? { 'Strict-Transport-Security': HSTS_HEADER } : {};
}

/**
 * One nginx include: `add_header … always;` lines (always: error answers too), save the assets' year-long
 * Cache-Control, which goes on success answers only, so that no error answer (a 403 in /_astro/) is kept for long.
 */
export function nginxHeaders(headers: Record<string, string>): string {
  const always = (name: string, value: string) =>
    name === 'Cache-Control' && value === CACHE_CONTROL.asset ? '' : ' always';
  const adds = Object.entries(headers).map(
    ([name, value]) => `add_header ${name} ${nginxValue(value)}${always(name, value)};`,
  );
  return [
    `# Written by \`npm run build\` (server/site/headers.ts) for deploy/nginx.conf. Do not edit.`,
    ...adds,
    '',
  ].join('\n');
}

/** The site's SVG files, as paths from its root (/favicon.svg, /_astro/….svg). */
function svgPaths(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.svg'))
    .map((e) => `/${relative(dir, join(e.parentPath, e.name)).split('\\').join('/')}`)
    .sort();
}

/**
 * The deployment settings the CSP names (the identity provider's and the API's origins), read from
 * the environment as the server reads them: KEYCLOAK_URL, API_URL, PUBLIC_URL (PORT). None set:
 * everything on the site's own origin.
 */
export function hostingConfig(env: Record<string, string | undefined>): Config {
  const { PUBLIC_URL, PORT, KEYCLOAK_URL, API_URL } = env;
  return loadConfig({ PUBLIC_URL, PORT, KEYCLOAK_URL, API_URL });
}

/** Writes dist/_headers and dist/nginx-headers/{page,asset,asset-svg,config,file,svg}.conf for the built site in `dir`. */
export function writeHostingHeaders(dir: string, config: Config): void {
  const csp = contentSecurityPolicy(config, inlineHashes(dir));
  const transport = transportHeaders(config);
  writeFileSync(join(dir, '_headers'), netlifyHeaders(csp, svgPaths(dir), transport));
  mkdirSync(join(dir, NGINX_HEADERS_DIR), { recursive: true });
  for (const [name, headers] of Object.entries(nginxIncludes(csp, transport)))
    writeFileSync(join(dir, NGINX_HEADERS_DIR, `${name}.conf`), nginxHeaders(headers));
}
