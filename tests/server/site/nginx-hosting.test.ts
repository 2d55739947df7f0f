// The static-host configs against the embedded server: the site built as `npm run build` builds it,
// served by Debian's nginx through deploy/nginx.conf, and its dist/_headers (Netlify, Cloudflare
// Pages) read the way those hosts read it, must answer with the embedded server's headers.
import { spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import type { Database } from '../../../server/db/index.ts';
import { freePort } from '../../../scripts/free-ports.ts';
import { closeTestDatabase, createTestDatabase } from '../../support/database.ts';
import { testConfig } from '../../support/api-app.ts';
import { TEST_KEYCLOAK_URL } from '../../support/tokens.ts';

const NGINX = '/usr/sbin/nginx';
const ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
// The deployment settings, given to the build and to the embedded server alike.
const DEPLOYMENT = {
  PUBLIC_URL: 'https://recipes.example.test',
  KEYCLOAK_URL: TEST_KEYCLOAK_URL,
  API_URL: 'https://api.example.test/api',
};
// The headers compared, lower-case; absent on both sides counts as equal.
const COMPARED = [
  'content-security-policy',
  'x-content-type-options',
  'referrer-policy',
  'cache-control',
  'strict-transport-security',
];
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

let work: string;
let dist: string;
let db: Database | undefined;
let app: FastifyInstance | undefined;
let nginx: ChildProcess | undefined;
let base: string;

function run(cmd: string, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (b) => (output += b));
    child.stderr.on('data', (b) => (output += b));
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? done() : fail(new Error(`${cmd} ${args.join(' ')} failed (${code}):\n${output}`)),
    );
  });
}

async function startNginx(): Promise<void> {
  const port = await freePort();
  // Relative includes are read from the configuration's folder, as /etc/nginx in deploy/nginx.conf's notes.
  symlinkSync(join(dist, 'nginx-headers'), join(work, 'recipes-headers'));
  const temp = (name: string) => `${name}_temp_path ${join(work, name)};`;
  writeFileSync(
    join(work, 'nginx.conf'),
    `
worker_processes 1;
daemon off;
pid ${join(work, 'nginx.pid')};
error_log ${join(work, 'error.log')} warn;
events { worker_connections 64; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  server {
    listen 127.0.0.1:${port};
    root ${dist};
    include ${join(ROOT, 'deploy', 'nginx.conf')};
  }
}
`,
  );
  // Started as root, nginx's workers drop to nobody, who must be able to reach the site.
  chmodSync(work, 0o755);
  const child = spawn(NGINX, ['-e', join(work, 'error.log'), '-p', work, '-c', join(work, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  nginx = child;
  let stderr = '';
  child.stderr?.on('data', (b) => (stderr += b));
  base = `http://127.0.0.1:${port}`;
  for (const started = Date.now(); Date.now() - started < 10_000; await new Promise((r) => setTimeout(r, 100))) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${stderr}`);
    if (
      await fetch(base).then(
        () => true,
        () => false,
      )
    )
      return;
  }
  throw new Error(`nginx did not answer on ${base}: ${stderr}`);
}

async function stopNginx(): Promise<void> {
  const child = nginx;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  // SIGQUIT is nginx's graceful stop; the master waits for its worker.
  child.kill('SIGQUIT');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}
const killNginx = () => nginx?.kill('SIGKILL');

beforeAll(async () => {
  if (!existsSync(NGINX)) {
    throw new Error(
      `${NGINX} is missing: this test serves the site with Debian's nginx (apt-get install nginx; .ci/run installs it)`,
    );
  }
  work = mkdtempSync(join(tmpdir(), 'nginx-hosting-'));
  dist = join(work, 'dist');
  // PORT: the ambient one must not count; PUBLIC_URL names the site's origin. umask 022 as a deployer
  // builds: the test process has the private 077 of server/db/data-folder/private-folder.ts, and nginx's workers run as nobody.
  const astro = join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs');
  await run('/bin/sh', ['-c', 'umask 022 && exec "$0" "$@"', process.execPath, astro, 'build', '--outDir', dist], {
    ...DEPLOYMENT,
    PORT: '',
    ASTRO_TELEMETRY_DISABLED: '1',
  });
  // What a deployer uploads beside the site.
  writeFileSync(
    join(dist, 'config.json'),
    JSON.stringify({ KEYCLOAK_URL: DEPLOYMENT.KEYCLOAK_URL, API_URL: DEPLOYMENT.API_URL }),
  );
  chmodSync(join(dist, 'config.json'), 0o644);
  db = await createTestDatabase('pglite');
  app = await buildApp(testConfig({ ...DEPLOYMENT, SITE_DIR: dist, SERVE_SITE: 'true' }), { db, logger: false });
  process.once('exit', killNginx);
  await startNginx();
}, 180_000);

afterAll(async () => {
  await stopNginx();
  process.off('exit', killNginx);
  await app?.close();
  if (db) await closeTestDatabase(db);
  if (work) rmSync(work, { recursive: true, force: true });
});

type Answer = { status: number; body: string; headers: Record<string, string | null> };

const pick = (get: (name: string) => string | null) =>
  Object.fromEntries([...COMPARED, 'content-type'].map((n) => [n, get(n)]));

async function fromNginx(path: string): Promise<Answer> {
  const res = await fetch(`${base}${path}`, { redirect: 'manual' });
  return { status: res.status, body: await res.text(), headers: pick((n) => res.headers.get(n)) };
}

async function fromEmbedded(path: string): Promise<Answer> {
  const res = await app!.inject({ method: 'GET', url: path });
  return {
    status: res.statusCode,
    body: res.body,
    headers: pick((n) => (res.headers[n] === undefined ? null : String(res.headers[n]))),
  };
}

const file = (name: string) => readFileSync(join(dist, name), 'utf8');
const compared = (a: Answer) => Object.fromEntries(COMPARED.map((n) => [n, a.headers[n]]));

const PAGES = [
  ['/', 'index.html'],
  ['/123', 'recipe.html'],
  ['/123/edit', 'recipe-edit.html'],
  ['/profile', 'profile.html'],
  ['/new-recipe', 'new-recipe.html'],
] as const;
const NOT_FOUND = [
  '/nope',
  '/123abc',
  '/0',
  '/123/edit/x',
  '/abc/edit',
  '/recipe',
  '/recipe.html',
  '/index.html',
  '/_astro',
  '/_astro/nope.js',
];
// Hosting configuration the build leaves in dist/: not the site, on any server (issue 29, item 7).
const HOSTING = [
  '/_headers',
  '/_redirects',
  '/nginx-headers',
  '/nginx-headers/page.conf',
  '/nginx-headers/svg.conf',
  '/%5Fheaders',
  '//_redirects',
];

describe('deploy/nginx.conf on Debian nginx', () => {
  it('the build names the deployment origins in the policy', async () => {
    const csp = (await fromEmbedded('/')).headers['content-security-policy'];
    expect(csp).toContain(`connect-src 'self' ${TEST_KEYCLOAK_URL} https://api.example.test`);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toMatch(/script-src 'self' 'sha256-/);
    expect((await fromNginx('/')).headers['content-security-policy']).toBe(csp);
  });

  it.each(PAGES)('%s answers 200 with %s and the embedded server headers', async (path, shell) => {
    const [theirs, ours] = await Promise.all([fromNginx(path), fromEmbedded(path)]);
    expect(theirs.status).toBe(200);
    expect(theirs.headers['content-type']).toMatch(/^text\/html/);
    expect(theirs.body).toBe(file(shell));
    // This server knows that no recipe 123 exists and says so (no soft 404: server/site/recipe-page.ts), with the
    // same shell and headers; a static host cannot know (README: what needs the server).
    expect(ours.status).toBe(path === '/123' ? 404 : 200);
    expect(ours.body).toBe(file(shell));
    expect(compared(theirs)).toEqual(compared(ours));
    expect(theirs.headers['x-content-type-options']).toBe('nosniff');
    expect(theirs.headers['cache-control']).toBe('no-cache');
  });

  it.each([...NOT_FOUND, ...HOSTING])(
    '%s answers 404 with the 404 page and the embedded server headers',
    async (path) => {
      const [theirs, ours] = await Promise.all([fromNginx(path), fromEmbedded(path)]);
      expect(theirs.status).toBe(404);
      expect(theirs.body).toBe(file('404.html'));
      expect(ours.status).toBe(404);
      expect(compared(theirs)).toEqual(compared(ours));
      expect(theirs.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    },
  );

  it('hashed assets are immutable, with nosniff and no page policy', async () => {
    const asset = readdirSync(join(dist, '_astro')).find((n) => n.endsWith('.js'));
    expect(asset).toBeDefined();
    const [theirs, ours] = await Promise.all([fromNginx(`/_astro/${asset}`), fromEmbedded(`/_astro/${asset}`)]);
    expect(theirs.status).toBe(200);
    expect(theirs.body).toBe(file(`_astro/${asset}`));
    expect(compared(theirs)).toEqual(compared(ours));
    expect(theirs.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(theirs.headers['x-content-type-options']).toBe('nosniff');
  });

  it('/favicon.svg is a document with a policy of its own', async () => {
    const [theirs, ours] = await Promise.all([fromNginx('/favicon.svg'), fromEmbedded('/favicon.svg')]);
    expect(theirs.status).toBe(200);
    expect(theirs.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(compared(theirs)).toEqual(compared(ours));
    expect(theirs.headers['content-security-policy']).toBe(SVG_POLICY);
    expect(theirs.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('an error answer in /_astro/ is never kept for long', async () => {
    for (const answer of await Promise.all([fromNginx('/_astro/%00'), fromEmbedded('/_astro/%00')])) {
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.headers['cache-control'] ?? '').not.toMatch(/max-age=[1-9]|immutable/);
    }
  });

  // Issue 42: a kept sw.js would hold visitors on an old build; the manifest needs its own type on older nginx.
  it.each([
    ['/sw.js', /^(text|application)\/javascript/],
    ['/manifest.webmanifest', /^application\/manifest\+json/],
    ['/icons/maskable-512.png', /^image\/png/],
  ])('%s is served revalidated, as by the embedded server', async (path, type) => {
    const [theirs, ours] = await Promise.all([fromNginx(path), fromEmbedded(path)]);
    expect(theirs.status).toBe(200);
    expect(ours.status).toBe(200);
    expect(theirs.headers['content-type']).toMatch(type);
    expect(ours.headers['content-type']).toMatch(type);
    expect(compared(theirs)).toEqual(compared(ours));
    expect(theirs.headers['cache-control']).toBe('no-cache');
  });

  it('/config.json uploaded beside the site is never stored', async () => {
    const [theirs, ours] = await Promise.all([fromNginx('/config.json'), fromEmbedded('/config.json')]);
    expect(theirs.status).toBe(200);
    expect(compared(theirs)).toEqual(compared(ours));
    expect(theirs.headers['cache-control']).toBe('no-store');
  });
});

// Netlify's and Cloudflare Pages' reading: every rule whose path matches applies (* any rest,
// :name one segment), and a header named by two matching rules gets both values joined by ", ".
type Rule = { pattern: RegExp; headers: [string, string][] };

function parseHeadersFile(text: string): Rule[] {
  const rules: Rule[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (line.startsWith('/')) {
      const source = line
        .trim()
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '.*')
        .replace(/:\w+/g, '[^/]+');
      rules.push({ pattern: new RegExp(`^${source}$`), headers: [] });
    } else {
      const at = line.indexOf(':');
      expect(line, 'a header line is indented Name: value').toMatch(/^\s+[\w-]+: \S/);
      rules.at(-1)!.headers.push([line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim()]);
    }
  }
  return rules;
}

function headersForPath(rules: Rule[], path: string): Record<string, string | null> {
  const out: Record<string, string> = {};
  for (const rule of rules.filter((r) => r.pattern.test(path))) {
    for (const [name, value] of rule.headers) out[name] = out[name] ? `${out[name]}, ${value}` : value;
  }
  return Object.fromEntries(COMPARED.map((n) => [n, out[n] ?? null]));
}

describe('dist/_headers (Netlify, Cloudflare Pages)', () => {
  let rules: Rule[];
  beforeAll(() => {
    rules = parseHeadersFile(file('_headers'));
  });

  it.each([...PAGES.map(([path]) => path), '/nope'])('%s gets the embedded server headers', async (path) => {
    const ours = await fromEmbedded(path);
    expect(headersForPath(rules, path)).toEqual(compared(ours));
  });

  it('hashed assets are immutable, with nosniff', async () => {
    const asset = `/_astro/${readdirSync(join(dist, '_astro')).find((n) => n.endsWith('.js'))}`;
    const ours = await fromEmbedded(asset);
    const theirs = headersForPath(rules, asset);
    expect(theirs['cache-control']).toBe(ours.headers['cache-control']);
    expect(theirs['x-content-type-options']).toBe(ours.headers['x-content-type-options']);
    expect(theirs['referrer-policy']).toBe(ours.headers['referrer-policy']);
  });

  it("/favicon.svg gets the SVG policy too (joined to the pages', a browser enforces both)", async () => {
    const theirs = headersForPath(rules, '/favicon.svg');
    expect(theirs['content-security-policy']?.split(', ')).toContain(SVG_POLICY);
    expect(theirs['cache-control']).toBe((await fromEmbedded('/favicon.svg')).headers['cache-control']);
  });

  it.each(['/sw.js', '/manifest.webmanifest'])('%s is revalidated at every visit', (path) => {
    expect(headersForPath(rules, path)['cache-control']).toBe('no-cache');
  });

  it('/config.json is never stored (no-store joins the page rule no-cache)', async () => {
    const ours = await fromEmbedded('/config.json');
    expect(ours.headers['cache-control']).toBe('no-store');
    expect(headersForPath(rules, '/config.json')['cache-control']?.split(', ')).toContain('no-store');
  });
});
