// Test pictures, made with sharp itself (no binary fixtures in the repository). Built before any photo worker
// starts: the worker blocks every libvips loader but four for the whole process, and these only encode.
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A photo-like picture: noise, blurred, so encoders have real work (a flat colour compresses to nothing). */
export function photoLike(width: number, height: number) {
  return sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  }).blur(1.2);
}

export const SECRET = 'Hemlig plats, Storgatan 1';

/** A camera JPEG held sideways: 600x400 stored, EXIF orientation 6 (turn 90° clockwise), GPS and a copyright. */
export function cameraJpeg() {
  return photoLike(600, 400)
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Copyright: SECRET, Make: 'Testkamera' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '59/1 19/1 4500/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '18/1 4/1 0/1',
      },
    })
    .toBuffer();
}

export const twelveMegapixelJpeg = () => photoLike(4000, 3000).jpeg({ quality: 90 }).toBuffer();

/** A valid PNG of 20000x20000 (400 MP) in about 50 kB: one bit per pixel, all zero, deflated. */
export function pngBomb(side = 20_000) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, adaptive filtering, no interlace
  const rows = Buffer.alloc(side * (1 + Math.ceil(side / 8))); // each row: filter byte 0, then the bits
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script>' +
    '<rect width="100" height="100" fill="red"/></svg>',
);
export const html = '<html><body><script>alert(document.cookie)</script></body></html>';
