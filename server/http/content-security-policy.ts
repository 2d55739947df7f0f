// Every Content-Security-Policy the product sends (the API's answers, the site's pages and SVG files, the sign-in
// pages, the provider's iframe pages and form_post page) is built here from directives as data. A part starts
// from NOTHING_ALLOWED and states only where it differs; the text lists the directives in one fixed order, so the
// same policy is always the same string (tests and hosting files compare them).

const ORDER = [
  'default-src',
  'script-src',
  'style-src',
  'img-src',
  'font-src',
  'connect-src',
  'frame-src',
  'form-action',
  'frame-ancestors',
  'base-uri',
  'object-src',
] as const;

export type Directive = (typeof ORDER)[number];
export type Directives = Partial<Record<Directive, readonly string[]>>;

/** Nothing loads, nothing frames: JSON answers and errors send exactly this; every other policy starts here. */
export const NOTHING_ALLOWED = {
  'default-src': ["'none'"],
  'frame-ancestors': ["'none'"],
} as const satisfies Directives;

/** The policy's text: each directive with its sources, in ORDER; a directive left out is not sent. */
export function policyText(directives: Directives): string {
  return ORDER.flatMap((name) => {
    const sources = directives[name];
    return sources ? [[name, ...sources].join(' ')] : [];
  }).join('; ');
}
