// The /{id} shell (dist/recipe.html) cut once, at start-up, around the place a recipe's head goes: a request joins
// three strings instead of parsing HTML. A rebuilt dist/ is picked up at the next start (the files are read per
// request, this one is not: its CSP hashes are not either).

/** The shell in two parts: a recipe's head goes between them, in place of the generic title and description. */
export type Shell = { before: string; after: string };

const TITLE = /<title>[^<]*<\/title>/i;
// The site-wide description (src/layouts/Layout.astro): a recipe's own replaces it, so there is one per page.
const DESCRIPTION = /<meta\s+name="description"[^>]*>\s*/i;

export function splitShell(html: string): Shell {
  const title = TITLE.exec(html);
  // A shell without a title (a test's miniature page): the head goes before </head>, else at the very start.
  const at = title?.index ?? Math.max(html.search(/<\/head>/i), 0);
  const end = title ? at + title[0].length : at;
  return { before: html.slice(0, at).replace(DESCRIPTION, ''), after: html.slice(end).replace(DESCRIPTION, '') };
}

/** The shell with `head` in place of the generic title and description. */
export function withHead(shell: Shell, head: string): string {
  return shell.before + head + shell.after;
}
