// JSON text counted before it is parsed (issue 52): the text's bytes are bounded (MAX_TEXT_BYTES), but what
// JSON.parse builds of them is not: 48 MB of `{"a":1},` is six million objects, which filled the worker's heap and ran
// to the time limit. One pass over the bytes counts every object, array and member (each '{', '[' and ',' outside a
// string) and refuses the text beyond MAX_JSON_VALUES, a figure real exports stay far below, or beyond MAX_JSON_MEMORY,
// what its bytes and values would hold at once, before anything is built.
// docs/decisions/054-app-collections.md
import { MEGABYTE } from '../../../src/lib/byte-size.ts';
import { CollectionFileError, printable, sizeText } from './collection-errors.ts';

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
  return jsonShape(bytes, max).values;
}

/** Objects ('{') and the other values counted (arrays '[' and members ','), outside strings, up to max + 1; the
 *  bytes inside strings, those of strings holding a character beyond U+00FF (held in two bytes each) apart, and
 *  whether the text has such a character anywhere (then its decoded text is held in two bytes a character). */
export type JsonShape = {
  values: number;
  objects: number;
  stringBytes: number;
  wideStringBytes: number;
  wide: boolean;
};

export function jsonShape(bytes: Uint8Array, max = MAX_JSON_VALUES): JsonShape {
  const shape: JsonShape = { values: 0, objects: 0, stringBytes: 0, wideStringBytes: 0, wide: false };
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (byte === 0x22) {
      // A string: to its closing quote, over escapes ('\"', '\\'). A lead byte from 0xC4 starts U+0100 or beyond.
      const start = i + 1;
      let wide = false;
      for (i++; i < bytes.length && bytes[i] !== 0x22; i++) {
        if (bytes[i] === 0x5c) i++;
        else if (bytes[i]! >= 0x80 && widens(bytes, i)) wide = true;
      }
      if (wide) shape.wideStringBytes += i - start;
      else shape.stringBytes += i - start;
      shape.wide ||= wide;
    } else if (byte === 0x2c || byte === 0x5b || byte === 0x7b) {
      if (byte === 0x7b) shape.objects++;
      if (++shape.values > max) break;
    } else if (byte >= 0x80 && widens(bytes, i)) shape.wide = true;
  }
  return shape;
}

/** Whether the byte at i (0x80 or above) decodes to a character beyond U+00FF: a lead byte from 0xC4, or anything
 *  decoded as U+FFFD (a stray continuation byte, 0xC0/0xC1, 0xC2/0xC3 without their continuation). */
function widens(bytes: Uint8Array, i: number): boolean {
  const byte = bytes[i]!;
  const next = bytes[i + 1] ?? 0;
  if (byte >= 0xc4 || byte === 0xc0 || byte === 0xc1) return true;
  if (byte >= 0xc2) return next < 0x80 || next >= 0xc0;
  // A continuation byte: U+00FF or below only after 0xC2/0xC3.
  return bytes[i - 1] !== 0xc2 && bytes[i - 1] !== 0xc3;
}

// What parsing one JSON text holds at its peak, bytes and values together (issue 52 item 2: the server's process
// tree under 512 MB for any file; it idles at ~220 MB with this worker started). Counting values alone let three
// shapes through that each took the process past 512 MB: a 0.1 MB gzip of one 63 MB string (+236-288 MB; 517 MB in
// the bench), 63.5 MB of one object of 1.2 million unique keys (+417 MB) and 17.5 MB of 1.24 million one-key objects,
// each key its own (+296 MB, 144 s). The weights are measured costs (a worker of the reader, RSS sampled), rounded
// up: the text's bytes and its decoded string (two bytes a character when any is beyond U+00FF): 2 or 3 bytes a byte;
// a string's content is parsed and copied once more: 2 bytes a byte more (3 when it holds such a character; a 59 MB
// string grew the process by 236 MB: 4 a byte, exactly); an object up to 192 bytes (a new hidden class for each new
// set of keys, a dictionary beyond a few); any other value 32 bytes. A 10,000-recipe Mealie backup as the fixtures
// build it (38.6 MB database.json, 180,013 objects, 1.43 million other values) is estimated under the bound and
// measured at +74-157 MB. At the bound the costliest shape measured (one long one-byte string) grows the process by
// what is estimated: ~260 MB, so ~480-490 MB in all. docs/decisions/054-app-collections.md
// 248 of decision 070's megabytes: the 260,000,000 bytes it was measured at, rounded up by 46,848 bytes to a whole
// megabyte, so that the sentence names it with the one size formatter ('248 MB').
export const MAX_JSON_MEMORY = 248 * MEGABYTE;
const PER_OBJECT = 192;
const PER_VALUE = 32;

/** The estimated peak memory of parsing the text (bytes), from its size, its strings and its counted values. */
export function jsonMemory(bytes: Uint8Array, shape = jsonShape(bytes)): number {
  return (
    bytes.length * (shape.wide ? 3 : 2) +
    shape.stringBytes * 2 +
    shape.wideStringBytes * 3 +
    shape.objects * PER_OBJECT +
    (shape.values - shape.objects) * PER_VALUE
  );
}

/** The JSON text's value; CollectionFileError beyond MAX_JSON_VALUES or MAX_JSON_MEMORY (`name`: the entry, '' the
 *  file itself), SyntaxError when it is not JSON. */
export function jsonOf(bytes: Uint8Array, name: string): unknown {
  const shape = jsonShape(bytes);
  if (shape.values > MAX_JSON_VALUES) throw tooManyValues(name);
  if (jsonMemory(bytes, shape) > MAX_JSON_MEMORY) throw tooMuchMemory(name);
  return JSON.parse(textOf(bytes));
}

export function tooMuchMemory(name: string): CollectionFileError {
  return new CollectionFileError(
    `${name ? `”${printable(name)}”` : 'Filen'} skulle behöva mer än ${sizeText(MAX_JSON_MEMORY)} minne för att läsas (för mycket text eller för många objekt i JSON på en gång), mer än en export brukar behöva, och läses därför inte in: gränsen skyddar servern mot filer gjorda för att fylla minnet.`,
  );
}

export function tooManyValues(name: string): CollectionFileError {
  return new CollectionFileError(
    `${name ? `”${printable(name)}”` : 'Filen'} har fler än ${MAX_JSON_VALUES.toLocaleString('sv-SE')} värden i JSON (objekt, listor och fält), långt fler än en export brukar ha, och läses därför inte in: gränsen skyddar servern mot filer gjorda för att fylla minnet.`,
  );
}
