// The /{id} shell (dist/recipe.html) cut once, at start-up, around the places a recipe's head and its first screen
// go (FIRST_SCREEN_MARKER, src/pages/recipe.astro): a request joins five strings instead of parsing HTML. A rebuilt
// dist/ is picked up at the next start (the files are read per request, this one is not: its CSP hashes are not
// either).

import type { Html } from '../http/html-template.ts';
import { FIRST_SCREEN_MARKER } from '../../src/lib/photo-srcset.ts';

/**
 * The shell in three parts: a recipe's head goes after `before`, in place of the generic title and description;
 * its first screen after `between`, in place of the marker (a shell without one takes none).
 */
export type Shell = { before: string; between: string; after: string | undefined };

const TITLE = /<title>[^<]*<\/title>/i;
// The site-wide description (src/layouts/Layout.astro): a recipe's own replaces it, so there is one per page.
const DESCRIPTION = /<meta\s+name="description"[^>]*>\s*/i;

export function splitShell(html: string): Shell {
  const title = TITLE.exec(html);
  // A shell without a title (a test's miniature page): the head goes before </head>, else at the very start.
  const at = title?.index ?? Math.max(html.search(/<\/head>/i), 0);
  const end = title ? at + title[0].length : at;
  const rest = html.slice(end).replace(DESCRIPTION, '');
  const marker = rest.indexOf(FIRST_SCREEN_MARKER);
  return {
    before: html.slice(0, at).replace(DESCRIPTION, ''),
    between: marker < 0 ? rest : rest.slice(0, marker),
    after: marker < 0 ? undefined : rest.slice(marker + FIRST_SCREEN_MARKER.length),
  };
}

/**
 * The shell with `head` in place of the generic title and description, and `firstScreen` in place of the marker. The
 * shell is the build's own markup; what goes into it is written with the server's HTML writer (server/http/html-template.ts).
 */
export function withHead(shell: Shell, head: Html, firstScreen?: Html): string {
  const screen = shell.after === undefined ? '' : (firstScreen?.value ?? '') + shell.after;
  return shell.before + head.value + shell.between + screen;
}
