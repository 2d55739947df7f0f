// How many bytes one task may unpack, all entries together (CollectionLimits.maxUnpackedBytes): zip entries,
// a zip inside the zip (Tandoor), gzip inside the zip (Paprika). Every read asks it first, so a zip bomb stops at
// the limit, whatever its headers claim. It bounds the work; memory is bounded by each read's own limit (an
// absolute figure: MAX_TEXT_BYTES, MAX_INNER_ZIP_BYTES, photoMaxBytes), since entries are read one at a time.
import { gunzipSync } from 'node:zlib';
import { CollectionFileError, EntryError, printable, sizeText } from './collection-errors.ts';

export type Budget = {
  left(): number;
  spend(bytes: number): void;
  tooLarge(name: string, bytes?: number): CollectionFileError;
  /** The gzip's content, within `limit` and the budget (beyond either: the file's error, naming that limit);
   *  EntryError when it is not gzip or is corrupt. */
  gunzip(name: string, bytes: Uint8Array, limit: number): Buffer;
};

export function createBudget(maxUnpackedBytes: number): Budget {
  let left = maxUnpackedBytes;
  const budget: Budget = {
    left: () => left,
    spend(bytes) {
      left -= bytes;
      if (left < 0) throw budget.tooLarge('');
    },
    tooLarge: (name, bytes) =>
      new CollectionFileError(
        `Filen packas upp till mer än ${sizeText(maxUnpackedBytes)}${name ? ` (”${printable(name)}”${bytes ? ` ensam ${sizeText(bytes)}` : ''})` : ''} och läses därför inte in: gränsen skyddar servern mot filer gjorda för att fylla minnet.`,
      ),
    gunzip(name, bytes, limit) {
      const max = Math.min(limit, left);
      let out: Buffer;
      try {
        out = gunzipSync(bytes, { maxOutputLength: Math.max(1, max), chunkSize: chunkFor(bytes, max) });
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
          throw limit < left ? overLimit(name, limit) : budget.tooLarge(name);
        throw new EntryError(`”${printable(name)}” är trasig (inte en läsbar gzip-fil).`);
      }
      budget.spend(out.length);
      return out;
    },
  };
  return budget;
}

// The gzip's output in one chunk of the size its trailer states (ISIZE, the last four bytes), so that it is not
// inflated into many chunks and then copied into one buffer: that copy held the text twice (issue 52 item 2, a 59 MB
// string grew the process by 288 MB). A trailer that lies is checked by zlib at the end (an error); at worst the
// output is in chunks again, bounded by maxOutputLength, and refused before the copy.
function chunkFor(bytes: Uint8Array, max: number): number {
  const stated =
    bytes.length >= 4 ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).readUInt32LE(bytes.length - 4) : 0;
  return Math.max(64 * 1024, Math.min(stated, max) + 1);
}

// One gzip beyond its own limit (the most JSON text read at once), the budget notwithstanding.
function overLimit(name: string, limit: number): CollectionFileError {
  return new CollectionFileError(
    `”${printable(name)}” packas upp till mer än ${sizeText(limit)} och läses därför inte in: gränsen skyddar servern mot filer gjorda för att fylla minnet.`,
  );
}
