import { MAX_VERSION } from '../../src/lib/recipe-schema.ts';
import { HttpError } from './errors.ts';

// A PUT (or DELETE) may name the version it edited in the body, in If-Match, or both. If-Match takes ETags as
// we send them ("3", W/"3") or a bare number; "*" only asks that the recipe exists.
function parseIfMatch(header: string): number | undefined {
  const value = header.trim();
  if (value === '*') return undefined;
  const match = /^(?:W\/)?"?(\d{1,10})"?$/.exec(value);
  if (!match || Number(match[1]) < 1 || Number(match[1]) > MAX_VERSION)
    throw new HttpError(400, 'If-Match must name one version, e.g. "3"', {
      fields: { 'if-match': 'Must be a version' },
    });
  return Number(match[1]);
}

/** The version the client edited, or undefined when it does not care (last write wins). */
export function expectedVersion(bodyVersion: number | undefined, ifMatch: string | undefined): number | undefined {
  const headerVersion = ifMatch === undefined ? undefined : parseIfMatch(ifMatch);
  if (bodyVersion !== undefined && headerVersion !== undefined && bodyVersion !== headerVersion) {
    throw new HttpError(400, `The body names version ${bodyVersion} but If-Match names ${headerVersion}`, {
      fields: { version: 'Must match If-Match' },
    });
  }
  return bodyVersion ?? headerVersion;
}
