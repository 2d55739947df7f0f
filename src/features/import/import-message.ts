// What a person reads when an import of a page, its HTML or a pasted text failed (the API's statuses are documented
// in its OpenAPI document). Pure, so each answer's sentence is tested on its own (as ./scan-message.ts for photos).
import { ApiError, userMessage } from '../../client/api.ts';
import { sizeText } from '../../lib/byte-size.ts';
import { TEXT } from '../editor/texts.ts';

/** What was sent: the page's address, its HTML, or a recipe as plain text (importSource in ./import-dialog.tsx). */
export type Source = { url: string } | { html: string } | { text: string };

/** The limit the API states as a number (`limitBytes`), as a Swede reads it ("10 MB"); a proxy's answer has none. */
function limitOf(body: unknown): string | undefined {
  const bytes = (body as { limitBytes?: unknown } | null | undefined)?.limitBytes;
  return typeof bytes === 'number' && Number.isFinite(bytes) && bytes > 0 ? sizeText(bytes) : undefined;
}

/** What the person reads for a failed import (the API's statuses are documented in its OpenAPI document). */
export function importMessage(error: unknown, source: Source): string {
  if (!(error instanceof ApiError)) return userMessage(error);
  const fields = (error.body as { fields?: Record<string, string> } | undefined)?.fields;
  const limit = limitOf(error.body);
  if (error.status === 400) return fields ? TEXT.importBadAddress : TEXT.importNotAllowed;
  // A 422 that names the field: the page could not be read in time (too large or too deeply nested).
  if (error.status === 422) {
    if (fields) return TEXT.importTooComplex;
    return 'text' in source ? TEXT.importNoRecipeInText : TEXT.importNoRecipe;
  }
  // Beyond IMPORT_MAX_BYTES: pasted (413), or fetched (502 naming the limit).
  if (error.status === 413 || (error.status === 502 && limit)) {
    if (!limit) return TEXT.importTooLarge;
    return 'text' in source ? TEXT.importTextTooLarge(limit) : TEXT.importTooLargeLimit(limit);
  }
  if (error.status === 502) return TEXT.importNotFetched;
  if (error.status === 503) return TEXT.importBusy;
  if (error.status === 504) return TEXT.importTooSlow;
  return userMessage(error);
}
