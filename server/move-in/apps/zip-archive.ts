// Reading an export zip without trusting it (runs in the collection worker only). yauzl reads the central directory
// and each entry at random access, so a file of any size costs the entries we open, not the file. Nothing is ever
// written to disk: an entry's bytes come back as a Buffer, within the Budget's limits. Names that climb out of the
// archive ('../x', '/etc/x', 'C:/x') and symlinks are left out with a note, never followed; yauzl itself checks that
// every entry inflates to exactly the size its header declares (validateEntrySizes), so a header cannot lie about
// a bomb. docs/decisions/054-app-collections.md
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { CollectionFileError, EntryError, printable, sizeText } from './collection-errors.ts';
import type { Budget } from './unpack-budget.ts';

export type ZipEntry = { name: string; size: number; entry: yauzl.Entry };
export type ZipArchive = {
  /** The usable entries (files, not folders), in the archive's order. */
  entries: ZipEntry[];
  /** Swedish: the entries that were left out (unsafe names, links, encryption). */
  notes: string[];
  /** One entry's bytes: EntryError when it is corrupt or beyond `limit`, CollectionFileError beyond the budget. */
  read(entry: ZipEntry, limit: number): Promise<Buffer>;
  close(): void;
};

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
// Far more files than any export of maxRecipes has (Mealie keeps three sizes of each photo and the recipe's assets).
const ENTRIES_PER_RECIPE = 20;

export async function openZip(
  source: { path: string } | { buffer: Buffer },
  budget: Budget,
  maxRecipes: number,
): Promise<ZipArchive> {
  const options = { decodeStrings: false, validateEntrySizes: true, autoClose: false, lazyEntries: true };
  let zip: yauzl.ZipFile;
  try {
    zip =
      'path' in source
        ? await yauzl.openPromise(source.path, options)
        : await yauzl.fromBufferPromise(source.buffer, options);
  } catch {
    throw new CollectionFileError('Filen ser ut som en zip-fil men är trasig och kan inte läsas.');
  }
  try {
    if (zip.entryCount > maxRecipes * ENTRIES_PER_RECIPE + 1000)
      throw new CollectionFileError(`Filen innehåller ${zip.entryCount} filer, långt fler än en export brukar ha.`);
    const entries: ZipEntry[] = [];
    const left: string[] = [];
    for await (const entry of zip.eachEntry()) {
      const raw = entry.fileName as unknown as Buffer;
      const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, false);
      if (name.endsWith('/')) continue; // a folder
      const madeOnUnix = entry.versionMadeBy >> 8 === 3;
      if (yauzl.validateFileName(name) !== null) left.push(`”${printable(name)}” pekar utanför arkivet`);
      else if (madeOnUnix && ((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK)
        left.push(`”${printable(name)}” är en länk`);
      else if (entry.isEncrypted()) left.push(`”${printable(name)}” är krypterad`);
      else entries.push({ name, size: entry.uncompressedSize, entry });
    }
    const notes =
      left.length === 0
        ? []
        : [`${left.length} filer i arkivet lästes inte: ${left.slice(0, 5).join(', ')}${left.length > 5 ? ' …' : ''}.`];
    return {
      entries,
      notes,
      read: (entry, limit) => readEntry(zip, entry, limit, budget),
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    if (error instanceof CollectionFileError) throw error;
    throw new CollectionFileError('Filen ser ut som en zip-fil men är trasig och kan inte läsas.');
  }
}

async function readEntry(
  zip: yauzl.ZipFile,
  { entry, name }: ZipEntry,
  limit: number,
  budget: Budget,
): Promise<Buffer> {
  // The declared size is checked before inflating anything; yauzl stops the stream if the data says otherwise.
  if (entry.uncompressedSize > budget.left()) throw budget.tooLarge(name, entry.uncompressedSize);
  if (entry.uncompressedSize > limit) throw new EntryError(`”${printable(name)}” är större än ${sizeText(limit)}.`);
  let stream: Readable;
  try {
    stream = await zip.openReadStreamPromise(entry);
  } catch {
    throw new EntryError(`”${printable(name)}” är trasig.`);
  }
  // One buffer of the declared size, filled as the entry inflates: memory is the entry, not twice it.
  const bytes = Buffer.allocUnsafe(entry.uncompressedSize);
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (size + chunk.length > bytes.length) throw budget.tooLarge(name);
      size += chunk.copy(bytes, size);
    }
  } catch (error) {
    stream.destroy();
    if (error instanceof CollectionFileError) throw error;
    // More bytes than the header declared: a header lying about a bomb (yauzl's check, or ours above).
    if (/too many bytes/i.test((error as Error).message)) throw budget.tooLarge(name);
    throw new EntryError(`”${printable(name)}” är trasig.`);
  }
  budget.spend(size);
  // yauzl's validateEntrySizes has refused an entry shorter than its header; never hand out unwritten bytes.
  return size === bytes.length ? bytes : Buffer.from(bytes.subarray(0, size));
}
