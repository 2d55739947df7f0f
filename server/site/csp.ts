import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { policyText } from '../http/content-security-policy.ts';

// Astro puts a few small inline <script> and <style> blocks in every page (island hydration).
// Hashing them once at start keeps script-src 'self' without 'unsafe-inline'.
export type InlineHashes = { scripts: string[]; styles: string[] };

const INLINE = /<(script|style)(\s[^>]*)?>([\s\S]*?)<\/\1>/gi;

/** A CSP source that allows one inline block by its text: `'sha256-…'`. */
export function sha256Source(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name));
}

export function inlineHashes(siteDir: string): InlineHashes {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const file of htmlFiles(siteDir)) {
    for (const [, tag, attrs = '', body = ''] of readFileSync(file, 'utf8').matchAll(INLINE)) {
      if (tag?.toLowerCase() === 'script') {
        if (!/\ssrc=/i.test(attrs) && body.trim() !== '') scripts.add(sha256Source(body));
      } else if (body.trim() !== '') styles.add(sha256Source(body));
    }
  }
  return { scripts: [...scripts].sort(), styles: [...styles].sort() };
}

function originOf(url: string, publicUrl: string): string | undefined {
  try {
    return new URL(url, publicUrl).origin;
  } catch {
    return undefined;
  }
}

/** The policy for every page: own scripts plus the hashed inline blocks; the IdP and API origins. */
export function contentSecurityPolicy(config: Config, hashes: InlineHashes): string {
  const self = originOf(config.publicUrl, config.publicUrl);
  const notSelf = (o: string | undefined): o is string => !!o && o !== self;
  const api = [originOf(config.apiUrl, config.publicUrl)].filter(notSelf);
  const extra = [originOf(config.keycloakUrl, config.publicUrl), ...api].filter(notSelf);
  const selfAndOthers = ["'self'", ...new Set(extra)];
  return policyText({
    'default-src': ["'self'"],
    'script-src': ["'self'", ...hashes.scripts],
    'style-src': ["'self'", ...hashes.styles],
    // Recipe photos come from the API (`${apiBase}/photos/…`); their blurred placeholders are data: URLs, and
    // the editor previews a chosen file through a blob: URL before it is uploaded.
    'img-src': ["'self'", 'data:', 'blob:', ...api],
    'font-src': ["'self'"],
    'connect-src': selfAndOthers,
    // keycloak-js runs the silent check-sso and the third-party-cookie check in hidden iframes.
    'frame-src': selfAndOthers,
    'form-action': selfAndOthers,
    'frame-ancestors': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
  });
}
