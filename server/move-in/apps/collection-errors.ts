// The one error a collection file as a whole gives (collection-reader.ts exports it to the service). Its message
// is a Swedish sentence for the person; the worker sends it back as data (an error object loses its class on the
// way out of a worker thread) and collection-reader.ts throws it again.
export class CollectionFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CollectionFileError';
  }
}

/** One entry of the file could not be read: that recipe's `problem`, not the whole file's. */
export class EntryError extends Error {}

/** A file name as it may be shown in a sentence: at most 60 characters, no control characters. */
export function printable(name: string): string {
  const clean = name.replace(/[\p{Cc}\p{Cf}]/gu, '');
  return clean.length > 60 ? `${clean.slice(0, 57)}…` : clean;
}

/** A size as a person reads it ('5 MB', '800 kB'): src/lib's one formatter, one megabyte (decision 070). */
export { sizeText } from '../../../src/lib/byte-size.ts';

/** A file of more recipes than CollectionLimits.maxRecipes. */
export function tooManyRecipes(maxRecipes: number): CollectionFileError {
  return new CollectionFileError(
    `Filen har fler än ${maxRecipes.toLocaleString('sv-SE')} recept, det högsta som går att läsa in ur en fil. Exportera samlingen i flera delar.`,
  );
}
