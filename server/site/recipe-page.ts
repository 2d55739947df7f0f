// /{id} as this server answers it: the static shell with the recipe's head (./recipe-head.ts), so link previews and
// crawlers that run no JavaScript see the recipe, and its first screen (./recipe-first-screen.ts), so the browser
// paints the name and the photo before any JavaScript. The page's island still reads the recipe by id on the client.
// docs/decisions/040-site-recipe-head-on-the-server.md
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { isDatabaseUnavailable, type Database } from '../db/index.ts';
import type { DatabaseGate } from '../db/database-gate.ts';
import { getRecipe } from '../db/repositories/recipe-repository.ts';
import { FIRST_SCREEN_EXPECT, FIRST_SCREEN_TARGET, recipeFirstScreen } from './recipe-first-screen.ts';
import { recipeHead, type Addresses } from './recipe-head.ts';
import { html } from '../http/html-template.ts';
import { splitShell, withHead } from './shell.ts';
import { CACHE_CONTROL } from './headers.ts';

/** Seconds a client should wait before asking again while the database is away (as the API says). */
export const RETRY_AFTER_SECONDS = 5;

/**
 * The addresses a preview needs as absolute URLs (the page's origin and where the API serves the photos), and the
 * API's base as the page itself has it (/config.json's API_URL, as src/client/site-config.ts trims it).
 */
export function siteAddresses(config: Config): { origin: string; apiBase: string; pageApiBase: string } {
  return {
    origin: new URL(config.publicUrl).origin,
    apiBase: new URL(config.apiUrl, config.publicUrl).href.replace(/\/+$/, ''),
    pageApiBase: config.apiUrl.replace(/\/+$/, ''),
  };
}

/** true when If-None-Match names `etag` (weak comparison, as RFC 9110 asks for GET). */
export function matchesEtag(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header === '*' || header.split(',').some((tag) => bare(tag) === bare(etag));
}

/** 503 while the database is away: ask again shortly, and keep nothing. */
export function unavailable(reply: FastifyReply): FastifyReply {
  return reply
    .code(503)
    .header('retry-after', String(RETRY_AFTER_SECONDS))
    .header('cache-control', CACHE_CONTROL.error);
}

export type RecipePage = (request: FastifyRequest, reply: FastifyReply, id: number) => Promise<FastifyReply>;

/** `shellHtml`: dist/recipe.html, read once; the reply sends it as a file (`reply.sendFile`) when there is no recipe. */
export function createRecipePage(shellHtml: string, config: Config, db: Database, gate: DatabaseGate): RecipePage {
  const shell = splitShell(shellHtml);
  const { origin, apiBase, pageApiBase } = siteAddresses(config);
  // The build and the addresses the head names: a new deploy or setting changes every page's ETag.
  // The first frame waits for the footer only where the shell has it after the first screen's place.
  const waitsForFooter = shell.after?.includes(`id="${FIRST_SCREEN_TARGET}"`) === true;
  const build = createHash('sha256').update(`${shellHtml}\n${origin}\n${apiBase}`).digest('base64url').slice(0, 12);

  return async (request, reply, id) => {
    let recipe;
    try {
      recipe = await gate.run(() => getRecipe(db.orm, id));
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      // The same shell (the page says the recipe could not be read, and offers to try again), never kept.
      return unavailable(reply).sendFile('recipe.html');
    }
    // No soft 404: crawlers see the status, the page behaves as before (empty recipe, 'Recipe not found').
    if (!recipe) return reply.code(404).sendFile('recipe.html');

    // The version moves with every edit; the time tells the same version in another database apart.
    const etag = `W/"${recipe.id}-${recipe.version}-${Date.parse(recipe.updatedAt).toString(36)}-${build}"`;
    reply.header('etag', etag).header('cache-control', CACHE_CONTROL.shared);
    if (matchesEtag(request, etag)) return reply.code(304).send();
    const addresses: Addresses = { pageUrl: `${origin}/${recipe.id}`, apiBase, pageApiBase };
    // A shell without the first screen's place, or without the footer the link names, takes no `expect` link.
    const head = html`${recipeHead(recipe, addresses)}${waitsForFooter ? FIRST_SCREEN_EXPECT : ''}`;
    const page = withHead(shell, head, recipeFirstScreen(recipe, pageApiBase));
    return reply.type('text/html; charset=utf-8').send(page);
  };
}
