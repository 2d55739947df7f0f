// The scan counter (server/photos/jpeg-scans.ts) on files written byte by byte: issue 35's hostile layout and its
// variants, a few scans, and bytes that only look like markers.
import { describe, expect, it } from 'vitest';
import { countJpegScans, MAX_JPEG_SCANS } from '../../../server/photos/jpeg-scans.ts';
import { manyScansJpeg } from '../../server/photos/many-scans-jpeg.ts';

describe('counting the scans of a JPEG before decoding it', () => {
  it("counts every scan of issue 35's layout and its variants", () => {
    const all = (b: Uint8Array) => countJpegScans(b, Infinity);
    expect(all(manyScansJpeg({ width: 64, height: 48 }))).toBe(3_529); // CMYK: 1 DC scan + 4 x 63 x 14
    expect(all(manyScansJpeg({ width: 64, height: 48, layout: 'ycbcr-420', dcSplit: true }))).toBe(2_649);
    expect(all(manyScansJpeg({ width: 64, height: 48, layout: 'grey' }))).toBe(883);
    expect(all(manyScansJpeg({ width: 64, height: 48, layout: 'grey', maxAl: 0 }))).toBe(64); // one scan a band
  });

  it('stops at the bound: one over it is enough to refuse', () => {
    const hostile = manyScansJpeg({ width: 7_000, height: 5_600 }); // 39 MP, under the pixel limit
    expect(countJpegScans(hostile)).toBe(MAX_JPEG_SCANS + 1);
    expect(countJpegScans(hostile, 5)).toBe(5);
  });

  it('counts a marker split by fill bytes, and not the bytes of stuffed data or of other markers', () => {
    const soi = [0xff, 0xd8];
    const sos = [0xff, 0xda, 0, 8, 1, 1, 0, 0, 63, 0];
    const data = [0x12, 0xff, 0x00, 0xda, 0xff, 0xd0, 0xda, 0x34]; // 0xFF 0x00 stuffing, a restart marker
    const file = [...soi, ...sos, ...data, 0xff, 0xff, ...sos, ...data, 0xff, 0xd9];
    expect(countJpegScans(Uint8Array.from(file))).toBe(2);
    expect(countJpegScans(Uint8Array.from([...soi, 0xff, 0xdb, 0xda, 0xff, 0xd9]))).toBe(0);
    expect(countJpegScans(new Uint8Array(0))).toBe(0);
  });
});
