// One photo of a collection file, read in the worker by its PhotoRef: an entry of the zip (Mealie, Nextcloud), an
// entry of a zip inside it (Tandoor), or base64 in a JSON field of a (gzipped) entry or of the file itself
// (Paprika). Bounded by photoMaxBytes before anything is decoded.
import { MEGABYTE } from '../../../src/lib/byte-size.ts';
import { CollectionFileError, EntryError, sizeText } from './collection-errors.ts';
import type { CollectionLimits, PhotoRef } from './collection-types.ts';
import { jsonOf } from './json-values.ts';
import type { Budget } from './unpack-budget.ts';
import { openZip, type ZipArchive } from './zip-archive.ts';

/** The most bytes of one entry read as JSON text (a 256 MB worker heap holds its objects): 61 MB of decision 070's
 *  megabytes, just under the 64,000,000 bytes the memory bounds were measured with, so it reads as a whole number. */
export const MAX_TEXT_BYTES = 61 * MEGABYTE;
/** The most bytes of a zip inside the zip (Tandoor's {id}.zip: recipe.json and one photo, which Tandoor keeps
 *  small), held in memory while it is read: an absolute figure, not one that grows with the upload's limit. */
export const MAX_INNER_ZIP_BYTES = 30 * MEGABYTE; // just under the 32,000,000 bytes measured with (decision 070)

const MISSING = 'Bilden finns inte i filen.';

export async function readPhoto(
  zip: ZipArchive | null,
  file: Buffer | null,
  ref: PhotoRef,
  limits: CollectionLimits,
  budget: Budget,
): Promise<Uint8Array> {
  if (ref.field !== undefined) {
    const bytes = ref.entry === '' ? file : zip ? await zip.read(entryOf(zip, ref.entry), MAX_TEXT_BYTES) : null;
    if (!bytes) throw new CollectionFileError(MISSING);
    const json = isGzip(bytes) ? budget.gunzip(ref.entry, bytes, MAX_TEXT_BYTES) : bytes;
    return base64Photo(fieldAt(parse(json, ref.entry), ref.field), limits.photoMaxBytes);
  }
  if (!zip) throw new CollectionFileError(MISSING);
  const entry = entryOf(zip, ref.entry);
  if (ref.inner === undefined) return copy(await zip.read(entry, limits.photoMaxBytes));
  const inner = await openZip({ buffer: await zip.read(entry, MAX_INNER_ZIP_BYTES) }, budget, 1);
  try {
    return copy(await inner.read(entryOf(inner, ref.inner), limits.photoMaxBytes));
  } finally {
    inner.close();
  }
}

export function isGzip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** UTF-8 text (a byte order mark dropped, as TextDecoder does). */
function entryOf(zip: ZipArchive, name: string) {
  const entry = zip.entries.find((e) => e.name === name);
  if (!entry) throw new CollectionFileError(MISSING);
  return entry;
}

function parse(bytes: Uint8Array, name: string): unknown {
  try {
    return jsonOf(bytes, name);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    throw new EntryError('Receptet som bilden hör till är trasigt.');
  }
}

// 'photo_data', 'photos/1/data'.
function fieldAt(value: unknown, path: string): unknown {
  let at = value;
  for (const key of path.split('/')) {
    if (typeof at !== 'object' || at === null || !Object.hasOwn(at, key)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

function base64Photo(value: unknown, max: number): Uint8Array {
  if (typeof value !== 'string' || value.trim() === '') throw new CollectionFileError(MISSING);
  const data = value.replace(/^data:[^,]*,/u, '');
  if (Math.floor((data.length * 3) / 4) > max + 3) throw new EntryError(`Bilden är större än ${sizeText(max)}.`);
  const bytes = Buffer.from(data, 'base64');
  if (bytes.length > max) throw new EntryError(`Bilden är större än ${sizeText(max)}.`);
  return copy(bytes);
}

// A view of its own buffer: what a worker sends is the whole ArrayBuffer under the view.
function copy(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
}
