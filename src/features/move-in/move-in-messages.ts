// What a person reads when previewing or importing a file failed (the statuses of contract 38, section 2), and
// whether trying the same file again can help; and what the preview offers to import. Pure, so each answer's
// sentence is tested on its own.
import { ApiError, CollectionInterrupted, type CollectionPreview } from '../../client/api.ts';
import { sizeText } from '../../lib/byte-size.ts';
import { MOVE_IN_TEXT as TEXT } from './move-in-texts.ts';

export type Failure = { message: string; retry: boolean };

function fieldsOf(body: unknown): Record<string, unknown> {
  const fields = (body as { fields?: unknown } | null | undefined)?.fields;
  return fields && typeof fields === 'object' ? (fields as Record<string, unknown>) : {};
}

/** The API's sentence for the person about the file (`fields.file`), if it gave one. */
function saidOf(body: unknown): string | undefined {
  const said = fieldsOf(body).file;
  return typeof said === 'string' && said.trim() ? said : undefined;
}

/** The limit the API states as a number (`limitBytes`), as a Swede reads it ("100 MB"); a proxy's 413 has none. */
function limitOf(body: unknown): string | undefined {
  const bytes = (body as { limitBytes?: unknown } | null | undefined)?.limitBytes;
  return typeof bytes === 'number' && Number.isFinite(bytes) && bytes > 0 ? sizeText(bytes) : undefined;
}

export function failureOf(error: unknown): Failure {
  if (error instanceof CollectionInterrupted) return { message: TEXT.interrupted, retry: true };
  if (!(error instanceof ApiError)) return { message: TEXT.other, retry: true };
  switch (error.status) {
    case 0:
      return { message: TEXT.network, retry: true };
    case 401:
      return { message: TEXT.signedOut, retry: false }; // the same request would get the same answer
    case 403:
      return { message: TEXT.notEditor, retry: false };
    case 413: {
      // The API names its limit in `fields.file`, in Swedish, and as `limitBytes`; a proxy's own 413 does neither.
      const limit = limitOf(error.body);
      return { message: saidOf(error.body) ?? (limit ? TEXT.tooLargeLimit(limit) : TEXT.tooLarge), retry: false };
    }
    case 422:
      // The server's own sentence about this file (CollectionFileError's message), written for the person.
      return { message: saidOf(error.body) ?? TEXT.unreadable, retry: false };
    case 429:
    case 503:
      return { message: TEXT.busy, retry: true };
    default:
      return { message: TEXT.other, retry: true };
  }
}

/** The recipes an import would add: not here already and readable. */
export function importableCount(preview: CollectionPreview): number {
  return preview.recipes.filter((r) => !r.alreadyHere && !r.problem).length;
}

/** Why the file has nothing to import, or undefined when it has something. */
export function nothingToImport(preview: CollectionPreview): string | undefined {
  if (importableCount(preview) > 0) return undefined;
  if (preview.recipes.length === 0) return TEXT.noRecipes;
  return preview.recipes.every((r) => r.alreadyHere) ? TEXT.allHere : TEXT.noneImportable;
}
