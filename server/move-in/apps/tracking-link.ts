// A web address as a recipe's 'Källa' keeps it: without what tracks the person who shared it. Newsletters and
// social sites add campaign and click parameters (utm_*, fbclid, ...), and mail tools put the subscriber's e-mail
// address into the link; none of it finds the recipe, and an e-mail address is personal data the book must not
// show to every visitor. A link that only forwards to another address (a mail tool's click link holding the
// recipe's address in a parameter) becomes that address.

// Parameter names that only track: campaign tags, click ids of ad and social sites, mail tools' subscriber ids.
const TRACKING = new Set([
  'fbclid',
  'gclid',
  'gclsrc',
  'dclid',
  'gbraid',
  'wbraid',
  'msclkid',
  'yclid',
  'twclid',
  'ttclid',
  'li_fat_id',
  'igshid',
  'igsh',
  'mc_cid',
  'mc_eid',
  '_hsenc',
  '_hsmi',
  '__hssc',
  '__hstc',
  '__hsfp',
  'hsctatrack',
  'mkt_tok',
  'vero_id',
  'vero_conv',
  'oly_enc_id',
  'oly_anon_id',
  'rb_clickid',
  's_cid',
  'sc_cid',
  'wickedid',
  'ck_subscriber_id',
  'ml_subscriber',
  'ml_subscriber_hash',
  '_ga',
  '_gl',
  'ref_src',
  'trk',
  'ss_source',
  'ss_campaign_id',
  'email',
  'e-mail',
  'mail',
  'subscriber',
  'subscriber_id',
]);
// utm_source, utm_medium, ...; pk_* and mtm_* are Matomo's, stm_* Silverpop's.
const TRACKING_PREFIX = /^(?:utm|pk|mtm|stm|hsa)_/iu;
const EMAIL = /[^\s@/?&=#:]+@[^\s@/?&=#.]+\.[^\s@/?&=#]+/u;
// The parameters a redirecting link keeps its target in.
const TARGET = new Set([
  'url',
  'u',
  'target',
  'redirect',
  'redirect_url',
  'redirect_uri',
  'dest',
  'destination',
  'link',
  'to',
  'q',
]);

/** A web address (http or https), else undefined. */
function webUrl(text: string): URL | undefined {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

export function isWebAddress(text: string): boolean {
  return /^https?:\/\/\S+$/iu.test(text.trim()) && webUrl(text) !== undefined;
}

/** True when the decoded text holds an e-mail address. */
function holdsEmail(text: string): boolean {
  let decoded = text;
  try {
    decoded = decodeURIComponent(text);
  } catch {
    // a malformed escape: the text as it is
  }
  return EMAIL.test(decoded);
}

/**
 * `text` without tracking: parameters that track or hold an e-mail address removed, a user name and password
 * removed, a forwarding link replaced by its target (once), a path holding an e-mail address cut to the site.
 * `changed` says whether anything went. Not a web address: undefined.
 */
export function cleanLink(text: string, depth = 0): { url: string; changed: boolean } | undefined {
  const url = webUrl(text);
  if (!url) return undefined;
  const original = url.href;
  if (depth === 0) {
    for (const [key, value] of url.searchParams) {
      if (!TARGET.has(key.toLowerCase())) continue;
      const target = cleanLink(value, 1);
      if (target && new URL(target.url).host !== url.host) return { url: target.url, changed: true };
    }
  }
  url.username = '';
  url.password = '';
  for (const key of [...url.searchParams.keys()]) {
    const values = url.searchParams.getAll(key);
    if (TRACKING.has(key.toLowerCase()) || TRACKING_PREFIX.test(key) || values.some(holdsEmail) || holdsEmail(key))
      url.searchParams.delete(key);
  }
  if (holdsEmail(url.pathname)) url.pathname = '/';
  if (holdsEmail(url.hash)) url.hash = '';
  // An emptied query leaves a bare '?'; the address reads as it would have been written without one.
  const href = url.search === '' ? url.href.replace(/\?(?=#|$)/u, '') : url.href;
  return { url: href, changed: href !== original && href !== original.replace(/\?(?=#|$)/u, '') };
}
