// JSON text counted before it is parsed (issue 52): the text's bytes are bounded (MAX_TEXT_BYTES), but what
// JSON.parse builds of them is not: 48 MB of `{"a":1},` is six million objects, which filled the worker's heap and ran
// to the time limit. One pass over the bytes counts every object, array and member (each '{', '[' and ',' outside a
// string) and refuses the text beyond MAX_JSON_VALUES, a figure real exports stay far below, before anything is built.
// docs/decisions/054-app-collections.md
import { CollectionFileError, printable } from './collection-errors.ts';

/** Bytes read as UTF-8 text (a JSON file or entry, a photo's reference). */
export function textOf(bytes: Uint8Array): string {
  return new TextDecoder('utf-8').decode(bytes);
}

/** The most values (objects, arrays, members) of one JSON text: 10,000 recipes (the service's maxRecipes) at 250
 *  each; the fixtures' Mealie backup, the densest export, has 161 per recipe. The worst shape at this count (one
 *  object of unique keys) builds ~180 MB, within the worker's 256 MB heap. */
export const MAX_JSON_VALUES = 2_500_000;

/** How many values the text has, counting no further than max + 1. */
export function jsonValues(bytes: Uint8Array, max = MAX_JSON_VALUES): number {
  let count = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (byte === 0x22) {
      // A string: to its closing quote, over escapes ('\"', '\\').
      for (i++; i < bytes.length && bytes[i] !== 0x22; i++) if (bytes[i] === 0x5c) i++;
    } else if ((byte === 0x2c || byte === 0x5b || byte === 0x7b) && ++count > max) return count;
  }
  return count;
}

/** The JSON text's value; CollectionFileError beyond MAX_JSON_VALUES (`name`: the entry, '' the file itself),
 *  SyntaxError when it is not JSON. */
export function jsonOf(bytes: Uint8Array, name: string): unknown {
  if (jsonValues(bytes) > MAX_JSON_VALUES) throw tooManyValues(name);
  return JSON.parse(textOf(bytes));
}

export function tooManyValues(name: string): CollectionFileError {
  return new CollectionFileError(
    `${name ? `”${printable(name)}”` : 'Filen'} har fler än ${MAX_JSON_VALUES.toLocaleString('sv-SE')} värden i JSON (objekt, listor och fält), långt fler än en export brukar ha, och läses därför inte in: gränsen skyddar servern mot filer gjorda för att fylla minnet.`,
  );
}
