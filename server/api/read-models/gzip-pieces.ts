import { promisify } from 'node:util';
import { constants, crc32, deflateRaw, deflateRawSync, inflateRaw } from 'node:zlib';

// A gzip body (RFC 1952) laid together from pieces deflated on their own. Each piece ends with a sync
// flush (byte-aligned, not the final block), so pieces placed end to end read as one deflate stream;
// a large body whose one part changed recompresses only that part's piece (the technique pigz uses).
// The price: no back-references across pieces, a few per cent on pieces of some hundred kilobytes.
// A piece keeps only its compressed bytes and its text's CRC-32 and length, not the text: the body's CRC is
// combined from the pieces' (crc32Combine), so nothing holds the uncompressed text once a piece is made.
export type Piece = { deflated: Buffer; crc: number; length: number };

const deflate = promisify(deflateRaw);
const inflate = promisify(inflateRaw);
const OPTIONS = { finishFlush: constants.Z_SYNC_FLUSH };
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
// An empty final block with fixed codes: the end of the deflate stream.
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** Deflates on libuv's thread pool: the event loop keeps serving meanwhile. */
export async function deflatePiece(raw: Buffer): Promise<Piece> {
  return { deflated: await deflate(raw, OPTIONS), crc: crc32(raw), length: raw.length };
}

export function deflatePieceSync(raw: Buffer): Piece {
  return { deflated: deflateRawSync(raw, OPTIONS), crc: crc32(raw), length: raw.length };
}

/** A piece's text again (on libuv's thread pool), for a change to it. */
export async function inflatePiece(piece: Piece): Promise<Buffer> {
  return inflate(piece.deflated, OPTIONS);
}

// CRC-32 of two texts laid end to end from the CRC of each and the second's length: zlib's crc32_combine
// (crc32.c, Mark Adler), which Node's zlib does not expose. Polynomials over GF(2), reflected, as 32-bit numbers.
const POLY = 0xedb88320;

/** a(x) · b(x) modulo the CRC polynomial (a not zero). */
function multModP(a: number, b: number): number {
  let product = 0;
  for (let m = 0x80000000; ; m >>>= 1) {
    if ((a & m) !== 0) {
      product ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return product >>> 0;
}

// X2N[k] = x^(2^k) modulo the polynomial.
const X2N: number[] = [0x40000000];
for (let k = 1; k < 32; k++) X2N.push(multModP(X2N[k - 1] as number, X2N[k - 1] as number));

/** The CRC-32 of A followed by B, given crc(A), crc(B) and B's length in bytes. */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  // x^(8 · lengthB) modulo the polynomial: one factor x^(2^k) for every bit of 8 · lengthB.
  let shift = 0x80000000;
  for (let n = lengthB, k = 3; n > 0; n = Math.floor(n / 2), k++)
    if (n % 2 === 1) shift = multModP(X2N[k % 32] as number, shift);
  return (multModP(shift, crcA) ^ crcB) >>> 0;
}

/**
 * The gzip body of the pieces' text in order, as parts to send one after another: the header, each piece's own
 * deflated bytes (not copied), the end of the stream and the trailer.
 */
export function gzipParts(pieces: readonly Piece[]): Buffer[] {
  let crc = 0;
  let length = 0;
  for (const p of pieces) {
    crc = crc32Combine(crc, p.crc, p.length);
    length += p.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return [HEADER, ...pieces.map((p) => p.deflated), FINAL_BLOCK, trailer];
}
