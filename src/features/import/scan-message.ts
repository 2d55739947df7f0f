// What the editor reads when photos could not become a draft. A photo the API refuses (too large, no picture,
// unreadable, no recipe read, too slow, busy) comes with a Swedish `message` written for the editor: shown as it is.
import { ApiError, userMessage } from '../../client/api.ts';
import { SCAN_TEXT } from './scan-texts.ts';

// The statuses of a scan's refusals (the route's OpenAPI summary); a 400 (a malformed multipart body) says in English
// what a client did wrong, which the dialog never sends.
const REFUSALS = new Set([413, 415, 422, 503]);

export function scanMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return userMessage(error);
  if (error.status === 0) return SCAN_TEXT.noAnswer;
  const body = error.body as { message?: unknown } | undefined;
  if (REFUSALS.has(error.status) && typeof body?.message === 'string' && body.message) return body.message;
  return userMessage(error);
}
