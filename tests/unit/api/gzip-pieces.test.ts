import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { crc32, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  crc32Combine,
  deflatePiece,
  deflatePieceSync,
  gzipParts,
  inflatePiece,
  type Piece,
} from '../../../server/api/read-models/gzip-pieces.ts';

// server/api/read-models/gzip-pieces.ts on its own: the gzip body it lays together from pieces deflated apart must be one
// valid gzip member, to zlib (what the tests and Node clients use) and to gzip(1) (another decoder, which also
// checks the trailer's CRC and length).
const GZIP = '/usr/bin/gzip';

function gzipTest(body: Buffer): { status: number | null; stderr: string } {
  const run = spawnSync(GZIP, ['-t'], { input: body, encoding: 'utf8' });
  return { status: run.status, stderr: run.stderr };
}

function gzipDecompress(body: Buffer): Buffer {
  const run = spawnSync(GZIP, ['-dc'], { input: body, maxBuffer: 64 * 1024 * 1024 });
  expect(run.status, String(run.stderr)).toBe(0);
  return run.stdout;
}

/** Text that compresses as recipe JSON does, but differs from piece to piece (a seed per piece). */
function recipeText(seed: number, bytes: number): Buffer {
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < bytes; i++) {
    const hash = createHash('sha256').update(`${seed}-${i}`).digest('hex');
    const part = `{"id":${seed * 100_000 + i},"name":"Recept ${hash.slice(0, 12)}","servings":${i % 9},"ingredients":[{"name":"${hash.slice(12, 30)}"}]}`;
    parts.push(part);
    length += part.length + 1;
  }
  return Buffer.from(parts.join(',')).subarray(0, bytes);
}

/** Bytes that do not compress (deflate falls back to stored blocks of at most 64 KB). */
function noise(seed: number, bytes: number): Buffer {
  const out = Buffer.alloc(bytes);
  for (let offset = 0, i = 0; offset < bytes; i++)
    offset += createHash('sha512').update(`${seed}-${i}`).digest().copy(out, offset);
  return out;
}

function expectValid(body: Buffer, expected: Buffer): void {
  expect(gunzipSync(body).equals(expected)).toBe(true);
  expect(gzipTest(body)).toEqual({ status: 0, stderr: '' });
}

/** The gzip body in one buffer, as a client receives it. */
const gzipOf = (pieces: readonly Piece[]) => Buffer.concat(gzipParts(pieces));

// A piece keeps no text: the tests keep each piece's text beside it.
const texts = new WeakMap<Piece, Buffer>();
const kept = (raw: Buffer, piece: Piece): Piece => (texts.set(piece, raw), piece);
const piece = async (raw: Buffer) => kept(raw, await deflatePiece(raw));
const pieceSync = (raw: Buffer) => kept(raw, deflatePieceSync(raw));
const textOf = (pieces: readonly Piece[]) => Buffer.concat(pieces.map((p) => texts.get(p) as Buffer));

describe('crc32Combine', () => {
  it('gives the CRC-32 of two texts laid end to end from their CRCs and the second one’s length', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.uint8Array({ maxLength: 300 }), (a, b) => {
        expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
      }),
      { numRuns: 500 },
    );
  });

  it('agrees with zlib’s crc32_combine for lengths past 32 bits (values computed with zlib in C)', () => {
    expect(crc32Combine(0xdeadbeef, 0x12345678, 2 ** 31)).toBe(2724429706);
    expect(crc32Combine(0xdeadbeef, 0x12345678, 2 ** 32 - 1)).toBe(3432638615);
    expect(crc32Combine(0xdeadbeef, 0x12345678, 2 ** 32)).toBe(576652335);
    expect(crc32Combine(1, 0xffffffff, 2 ** 52 + 12345)).toBe(440363692);
  });

  it('holds for a long text too, and for an empty one on either side', () => {
    const long = noise(7, 3 * 1024 * 1024 + 17);
    const short = Buffer.from('Ärtsoppa');
    expect(crc32Combine(crc32(short), crc32(long), long.length)).toBe(crc32(Buffer.concat([short, long])));
    expect(crc32Combine(crc32(long), crc32(short), short.length)).toBe(crc32(Buffer.concat([long, short])));
    expect(crc32Combine(0, crc32(long), long.length)).toBe(crc32(long));
    expect(crc32Combine(crc32(long), 0, 0)).toBe(crc32(long));
  });
});

describe('a gzip body laid together from pieces deflated apart', () => {
  it('is valid with no pieces at all, and with empty pieces', () => {
    expectValid(gzipOf([]), Buffer.alloc(0));
    const empty = pieceSync(Buffer.alloc(0));
    expectValid(gzipOf([empty]), Buffer.alloc(0));
    expectValid(gzipOf([empty, pieceSync(Buffer.from('x')), empty]), Buffer.from('x'));
  });

  it('is valid with one piece', async () => {
    const text = Buffer.from('[{"id":1,"name":"Ärtsoppa"}]');
    expectValid(gzipOf([pieceSync(text)]), text);
    expectValid(gzipOf([await piece(text)]), text);
  });

  it('is valid with many pieces, in their order (as the list lays them: [, segments and commas, ])', async () => {
    const [open, comma, close] = ['[', ',', ']'].map((c) => pieceSync(Buffer.from(c))) as [Piece, Piece, Piece];
    const segments = await Promise.all(Array.from({ length: 50 }, (_, i) => piece(recipeText(i, 1 + i * 97))));
    const pieces = [open, ...segments.flatMap((s, i) => (i === 0 ? [s] : [comma, s])), close];
    const body = gzipOf(pieces);
    expectValid(body, textOf(pieces));
    expect(gzipDecompress(body).equals(textOf(pieces))).toBe(true);
    // The same pieces in another order are another text, still valid.
    const reversed = [...pieces].reverse();
    expectValid(gzipOf(reversed), textOf(reversed));
  });

  it('is valid with large pieces, compressible or not (beyond deflate’s 32 KB window and 64 KB stored blocks)', async () => {
    const pieces = await Promise.all([
      piece(recipeText(1, 3 * 1024 * 1024)),
      piece(noise(2, 300 * 1024)),
      piece(recipeText(3, 250 * 1024)),
      piece(noise(4, 65_536)),
      piece(noise(5, 65_535)),
      piece(noise(6, 1)),
    ]);
    const body = gzipOf(pieces);
    expect(body.length).toBeLessThan(textOf(pieces).length);
    expectValid(body, textOf(pieces));
    expect(gzipDecompress(body).equals(textOf(pieces))).toBe(true);
  });

  it('stays valid when one piece is recompressed after its text changed, the others reused as they are', async () => {
    const pieces = await Promise.all([0, 1, 2, 3, 4].map((i) => piece(recipeText(i, 40_000))));
    const before = gzipOf(pieces);
    expectValid(before, textOf(pieces));
    const reused = pieces.map((p) => p.deflated);
    // A write in the middle segment: its text grows, only its piece is deflated again.
    pieces[2] = await piece(Buffer.concat([recipeText(2, 40_000), Buffer.from(',{"id":7,"name":"Ny"}')]));
    // Then the first one shrinks to nothing and the last one is deflated synchronously.
    pieces[0] = await piece(Buffer.alloc(0));
    pieces[4] = pieceSync(recipeText(44, 123));
    const after = gzipOf(pieces);
    expectValid(after, textOf(pieces));
    expect(pieces[1]?.deflated).toBe(reused[1]);
    expect(pieces[3]?.deflated).toBe(reused[3]);
    expect(gunzipSync(after).equals(gunzipSync(before))).toBe(false);
  });

  it('lays out the same body as parts that are the pieces’ own bytes, not copies (the list holds them once)', async () => {
    const pieces = await Promise.all([1, 2, 3].map((i) => piece(recipeText(i, 5_000))));
    const parts = gzipParts(pieces);
    expect(Buffer.concat(parts).equals(gzipOf(pieces))).toBe(true);
    pieces.forEach((p, i) => expect(parts[i + 1]).toBe(p.deflated));
    expectValid(Buffer.concat(parts), textOf(pieces));
  });

  it('gives a piece’s text back (the list opens a segment to change it), compressible or not', async () => {
    for (const text of [Buffer.alloc(0), recipeText(5, 40_000), noise(6, 70_000)]) {
      expect((await inflatePiece(deflatePieceSync(text))).equals(text)).toBe(true);
      expect((await inflatePiece(await deflatePiece(text))).equals(text)).toBe(true);
    }
  });

  it('carries the CRC and length of the whole text: a changed byte or a cut body is refused by both', () => {
    const text = recipeText(9, 10_000);
    const body = gzipOf([pieceSync(text.subarray(0, 5000)), pieceSync(text.subarray(5000))]);
    expectValid(body, text);
    expect(body.readUInt32LE(body.length - 4)).toBe(text.length);
    const badCrc = Buffer.from(body);
    badCrc[badCrc.length - 8] = (badCrc[badCrc.length - 8] as number) ^ 0xff;
    expect(() => gunzipSync(badCrc)).toThrow();
    expect(gzipTest(badCrc).status).not.toBe(0);
    const cut = body.subarray(0, body.length - 12);
    expect(() => gunzipSync(cut)).toThrow();
    expect(gzipTest(cut).status).not.toBe(0);
  });
});
