// What a picture file is, by its first bytes: the photo worker asks before decoding, the transfer import before
// storing a file from an export. No sharp here: the import must not load libvips into the main thread.

/** The container by its first bytes; null for anything not on the list (the claimed type is never asked). */
export function sniffFormat(b: Uint8Array): 'jpeg' | 'png' | 'webp' | 'heif' | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  // ISO BMFF: a 'ftyp' box first, whose major brand says AVIF or HEIF.
  if (ascii(4, 8) === 'ftyp' && /^(avif|avis|heic|heix|heim|heis|hevc|hevx|mif1|msf1)$/.test(ascii(8, 12)))
    return 'heif';
  return null;
}
