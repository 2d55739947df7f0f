import { NOTHING_ALLOWED, policyText } from '../../http/content-security-policy.ts';
import { html, type Html } from '../../http/html-template.ts';
import { PATHS } from '../paths.ts';

// Every page goes through layout(); every page is written with the server's one HTML writer (server/http/html-template.ts).

/**
 * The site's icon (a copy of public/favicon.svg: the image ships server/ without the site's sources), named by every
 * page so that browsers do not ask the provider's origin for a /favicon.ico it does not have.
 */
export const PAGE_ICON = `${PATHS.resources}favicon.svg`;

/** The realm's displayName in keycloak/realm-recipes.json: Keycloak shows it above every page and in the title. */
export const REALM_DISPLAY_NAME = 'Receptboken';

export function csp(formTargets: readonly string[]): string {
  // form-action also covers the redirect after a POST, so the app origins must be listed.
  return policyText({
    ...NOTHING_ALLOWED,
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:'],
    'form-action': ["'self'", ...formTargets],
    'base-uri': ["'none'"],
  });
}

/** `pageId` is Keycloak's `data-page-id` (login-login, login-register, login-error…), for whoever inspects the page. */
export function layout(opts: {
  title: string;
  heading: string;
  realmPath: string;
  body: Html;
  pageId?: string;
}): string {
  return html`<!doctype html>
<html lang="sv">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<title>${opts.title}</title>
<link rel="stylesheet" href="${opts.realmPath}${PATHS.css}">
<link rel="icon" href="${opts.realmPath}${PAGE_ICON}" type="image/svg+xml">
</head>
<body id="keycloak-bg"${opts.pageId ? html` data-page-id="${opts.pageId}"` : ''}>
<header id="kc-header">${REALM_DISPLAY_NAME}</header>
<main class="card">
<h1 id="kc-page-title">${opts.heading}</h1>
${opts.body}
</main>
</body>
</html>
`.value;
}
