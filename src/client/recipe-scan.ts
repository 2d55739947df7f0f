// POST {api}/recipe-imports with photos of a paper recipe (issue 56). Not in api.ts: that module is in every visitor's
// page (the recipe page is at its JavaScript budget), this one only in the editor's create page, which imports it.
// Not through api.ts's `request` either: the body is a form of files, not JSON, and reading takes longer than 15 s.
import { ApiError, toLabels, type ImportedRecipe, type TokenSource } from './api.ts';
import { forgeryHeader } from './forgery-header.ts';
import { apiBase } from './site-config.ts';

/** A scan's draft: a page's draft, plus the text read from the photos (pages in order) so each field can be checked. */
export type ScannedRecipe = ImportedRecipe & { scannedText?: string };

/**
 * The longest a scan may take. Longer than `request`'s 15 s: the photos go up (megabytes from a phone), then the
 * server reads each page for seconds, and gives up itself at SCAN_TIMEOUT_MS (60 s by default) with a Swedish 422.
 */
export const SCAN_REQUEST_TIMEOUT_MS = 120_000;

/**
 * Reads photos of a recipe's pages, in order, into a draft. Always multipart, even for one page: a phone's HEIC
 * may come with no type, and a part's bytes are judged by the server as they are. Fails with ApiError (status 0
 * for no answer; else the status and the body, whose `message` is Swedish for a refused photo).
 */
export async function scanRecipe(tokens: TokenSource, pages: readonly Blob[]): Promise<ScannedRecipe> {
  const url = `${await apiBase()}/recipe-imports`;
  const token = await tokens.token();
  const form = new FormData();
  pages.forEach((page, i) => form.append('pages', page, page instanceof File ? page.name : `sida-${i + 1}`));
  // No Content-Type: the browser writes multipart/form-data with its boundary.
  const headers: Record<string, string> = { Accept: 'application/json', ...forgeryHeader(url) };
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  let text: string;
  try {
    const signal = AbortSignal.timeout(SCAN_REQUEST_TIMEOUT_MS);
    res = await fetch(url, { method: 'POST', headers, body: form, signal, cache: 'no-store' });
    text = await res.text();
  } catch (error) {
    throw new ApiError(0, error instanceof Error ? error.message : String(error));
  }
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (a proxy's error page): keep the text as the body.
  }
  if (!res.ok) throw new ApiError(res.status, parsed);
  return toLabels(parsed as ScannedRecipe);
}
