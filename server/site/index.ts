import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from '../config.ts';
import { createChangeFeed } from '../db/repositories/change-feed.ts';
import { createDatabaseGate } from '../db/database-gate.ts';
import { isDatabaseUnavailable, type Database } from '../db/index.ts';
import { parseRecipeId } from '../../src/lib/routes.ts';
import { contentSecurityPolicy, inlineHashes } from './csp.ts';
import { inlineStylesheets } from './inline-styles.ts';
import { CACHE_CONTROL, isHostingPath, siteHeaders, SVG_POLICY } from './headers.ts';
import { readAnswer } from '../http/read-answer.ts';
import { createRecipePage, matchesEtag, siteAddresses, unavailable } from './recipe-page.ts';
import { createSitemap, robotsTxt, type SitemapText } from './sitemap.ts';

// Serves the built site: /config.json from the Config, the files of dist/, the /{id} and
// /{id}/edit shells (ids are unknown at build time) and the 404 page with status 404. /{id} carries the recipe's
// head (./recipe-page.ts); /robots.txt and /sitemap.xml come from the database (./sitemap.ts).
// Shells reached only through a rewrite, never by their own name.
const SHELLS = new Set(['index', 'recipe', 'recipe-edit', '404']);
const FILE_NAME = /^[\w-][\w.-]*$/;

/** `sitemapLimit`: URLs per sitemap file (tests page with a small number). */
export type SiteOptions = { config: Config; db: Database; sitemapLimit?: number };

export default async function sitePlugin(app: FastifyInstance, opts: SiteOptions): Promise<void> {
  const { config, db } = opts;
  const root = resolve(config.siteDir);
  if (!existsSync(resolve(root, 'index.html'))) {
    throw new Error(`The site is not built: ${root}/index.html is missing (run npm run build)`);
  }
  // /{id}'s shell with its stylesheets inlined (./inline-styles.ts): the policy allows those blocks by their hashes.
  const recipeShell = inlineStylesheets(readFileSync(resolve(root, 'recipe.html'), 'utf8'), root);
  // Every other answer keeps the policy a static host sends with the build (tests/server/site/nginx-hosting.test.ts).
  const hashes = inlineHashes(root);
  const csp = contentSecurityPolicy(config, hashes);
  const recipeCsp = contentSecurityPolicy(config, {
    ...hashes,
    styles: [...new Set([...hashes.styles, ...recipeShell.styleHashes])].sort(),
  });
  /** Requests for /{id}: answered with the recipe's own page (200), they take `recipeCsp`. */
  const recipeAnswers = new WeakSet<FastifyRequest>();
  const gate = createDatabaseGate(config.database.requestTimeoutMs, app.log);
  const recipePage = createRecipePage(recipeShell.html, config, db, gate);
  const { origin } = siteAddresses(config);
  const sitemap = createSitemap(db, createChangeFeed(db), {
    origin,
    ...(opts.sitemapLimit ? { perFile: opts.sitemapLimit } : {}),
  });
  // Top-level pages reachable by name without .html (/profile, /new-recipe). Looked up per
  // request, like the files, so a rebuilt dist/ is served without a restart.
  const isPage = (name: string) =>
    /^[a-z0-9-]+$/.test(name) && !SHELLS.has(name) && existsSync(resolve(root, `${name}.html`));

  const notFound = (reply: FastifyReply) => reply.code(404).sendFile('404.html');

  // dist/_headers, _redirects and nginx-headers/ configure static hosts; they are not the site (and would tell how
  // it is hosted). Checked on the decoded, normalised path: the static files decode and normalise it too.
  app.addHook('onRequest', async (request, reply) => {
    if (isHostingPath(request.url)) return notFound(reply);
  });

  // The headers (./headers.ts) are the ones `npm run build` writes for static hosts.
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    // HTML answers (the 404 page too) are pages: no-cache, unless a route chose (./recipe-page.ts). Any other error
    // is never stored: a 403 for /_astro/%00 must not be kept for a year like the asset that name might one day be.
    const chosen = reply.getHeader('cache-control');
    if (type.startsWith('text/html')) {
      const policy = recipeAnswers.has(request) && reply.statusCode === 200 ? recipeCsp : csp;
      reply.headers({ ...siteHeaders('page', policy), ...(chosen ? { 'Cache-Control': chosen } : {}) });
    } else if (reply.statusCode >= 400) reply.headers(siteHeaders('error'));
    else if (request.url.startsWith('/_astro/')) reply.headers(siteHeaders('asset'));
    else if (!reply.hasHeader('cache-control')) reply.headers(siteHeaders('file'));
    if (type.startsWith('image/svg+xml')) reply.header('content-security-policy', SVG_POLICY);
    const read = request.method === 'GET' || request.method === 'HEAD';
    return read && (reply.statusCode === 200 || reply.statusCode === 304) ? readAnswer(reply, payload) : payload;
  });

  // preCompressed: the .br and .gz files written at build time (scripts/precompress.ts) are sent as they are.
  // dotfiles: 'deny' answers 403 for /.git/config and the like, should SITE_DIR hold any.
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    cacheControl: false,
    index: ['index.html'],
    preCompressed: true,
    dotfiles: 'deny',
  });

  app.get('/config.json', async (_request, reply) => {
    reply.headers(siteHeaders('config'));
    return {
      KEYCLOAK_URL: config.keycloakUrl,
      KEYCLOAK_REALM: config.keycloakRealm,
      KEYCLOAK_CLIENT_ID: config.keycloakClientId,
      API_URL: config.apiUrl,
    };
  });

  // The sitemap's answers: ETag (the stamp it was written at) and Last-Modified (its newest change, for
  // information: a deletion does not move it, so If-Modified-Since is not answered with 304, only If-None-Match).
  const sendSitemap = async (
    request: FastifyRequest,
    reply: FastifyReply,
    pick: (s: Awaited<ReturnType<typeof sitemap.now>>) => SitemapText | undefined,
  ) => {
    let current;
    try {
      current = await gate.run(() => sitemap.now());
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      return unavailable(reply).type('text/plain; charset=utf-8').send('The database cannot be reached right now.');
    }
    const text = pick(current);
    if (!text) return notFound(reply);
    reply.header('etag', current.etag).header('cache-control', CACHE_CONTROL.shared);
    if (text.lastModified) reply.header('last-modified', new Date(text.lastModified).toUTCString());
    if (matchesEtag(request, current.etag)) return reply.code(304).send();
    return reply.type('application/xml; charset=utf-8').send(text.xml);
  };

  app.get('/sitemap.xml', (request, reply) => sendSitemap(request, reply, (s) => s.index()));
  app.get<{ Params: { n: string } }>('/sitemap-:n.xml', (request, reply) => {
    const n = /^[1-9][0-9]{0,6}$/.test(request.params.n) ? Number(request.params.n) : 0;
    return sendSitemap(request, reply, (s) => s.file(n));
  });

  app.get('/robots.txt', async (_request, reply) => {
    reply.header('cache-control', CACHE_CONTROL.shared);
    return reply.type('text/plain; charset=utf-8').send(robotsTxt(origin));
  });

  app.get<{ Params: { id: string } }>('/:id', async (request, reply) => {
    const { id } = request.params;
    const recipeId = parseRecipeId(id);
    if (recipeId !== undefined) {
      recipeAnswers.add(request);
      return recipePage(request, reply, recipeId);
    }
    if (isPage(id)) return reply.sendFile(`${id}.html`);
    // '/:id' also wins over the static wildcard for top-level files (favicon.svg) and for '/'.
    if (id === '') return reply.sendFile('index.html');
    if (FILE_NAME.test(id) && !SHELLS.has(id.replace(/\.html$/, '')) && existsSync(resolve(root, id)))
      return reply.sendFile(id);
    return notFound(reply);
  });

  app.get<{ Params: { id: string } }>('/:id/edit', async (request, reply) => {
    if (parseRecipeId(request.params.id) !== undefined && existsSync(resolve(root, 'recipe-edit.html'))) {
      return reply.sendFile('recipe-edit.html');
    }
    return notFound(reply);
  });

  app.setNotFoundHandler(async (_request, reply) => notFound(reply));
}
