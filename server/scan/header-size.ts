// A photo's size in pixels from its header bytes, on the event loop, before any process starts: a pixel bomb (a
// small file that claims hundreds of megapixels) is refused in microseconds. PNG and JPEG (the frame header, as
// server/photos/jpeg-frame.ts reads it) and WebP; null for a format this does not read (HEIF), which the scan
// process then checks from sharp's header read.
import { readJpegFrame } from '../photos/jpeg-frame.ts';

export function headerPixels(bytes: Uint8Array): number | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ascii = (from: number, to: number) => b.toString('latin1', from, to);
  if (b.length >= 24 && ascii(1, 4) === 'PNG' && ascii(12, 16) === 'IHDR')
    return b.readUInt32BE(16) * b.readUInt32BE(20);
  if (b[0] === 0xff && b[1] === 0xd8) {
    const frame = readJpegFrame(bytes);
    return frame ? frame.width * frame.height : null;
  }
  if (b.length >= 30 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') {
    const chunk = ascii(12, 16);
    // VP8X: 24-bit width-1 and height-1; VP8L: 14-bit fields after the signature byte; VP8: 14-bit after the start code.
    if (chunk === 'VP8X') return (b.readUIntLE(24, 3) + 1) * (b.readUIntLE(27, 3) + 1);
    if (chunk === 'VP8L') {
      const bits = b.readUInt32LE(21);
      return ((bits & 0x3fff) + 1) * (((bits >> 14) & 0x3fff) + 1);
    }
    if (chunk === 'VP8 ') return (b.readUInt16LE(26) & 0x3fff) * (b.readUInt16LE(28) & 0x3fff);
  }
  return null;
}
