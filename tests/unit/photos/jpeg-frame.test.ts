// The frame reader and the coefficient bound (server/photos/jpeg-frame.ts): files from an encoder, issue 35's
// layouts written byte by byte, and headers built by hand (components in separate scans, a thumbnail's header
// inside APP1, bytes between segments).
import sharp, { type JpegOptions } from 'sharp';
import { describe, expect, it } from 'vitest';
import { jpegCoefficientBytes, MAX_JPEG_COEFFICIENT_BYTES, readJpegFrame } from '../../../server/photos/jpeg-frame.ts';
import { manyScansJpeg } from '../../server/photos/many-scans-jpeg.ts';

const encoded = (options: JpegOptions) =>
  sharp({ create: { width: 100, height: 60, channels: 3, background: '#a52' } })
    .jpeg(options)
    .toBuffer();

const segment = (marker: number, body: number[]) => [
  0xff,
  marker,
  (body.length + 2) >> 8,
  (body.length + 2) & 255,
  ...body,
];
const sof = (marker: number, width: number, height: number, factors: number[]) =>
  segment(marker, [
    8,
    height >> 8,
    height & 255,
    width >> 8,
    width & 255,
    factors.length,
    ...factors.flatMap((f, i) => [i + 1, f, 0]),
  ]);
const sos = (ids: number[]) => segment(0xda, [ids.length, ...ids.flatMap((id) => [id, 0]), 0, 63, 0]);

describe('reading a JPEG frame header before decoding', () => {
  it('reads what an encoder wrote: size, sampling factors, progressive or not, the first scan', async () => {
    expect(readJpegFrame(await encoded({ progressive: true, chromaSubsampling: '4:2:0' }))).toEqual({
      width: 100,
      height: 60,
      components: [
        { h: 2, v: 2 },
        { h: 1, v: 1 },
        { h: 1, v: 1 },
      ],
      progressive: true,
      firstScanComponents: 3, // the DC scan
    });
    const baseline = readJpegFrame(await encoded({ chromaSubsampling: '4:4:4' }));
    expect(baseline).toMatchObject({ progressive: false, firstScanComponents: 3 });
    expect(baseline!.components).toEqual([1, 2, 3].map(() => ({ h: 1, v: 1 })));
    expect(jpegCoefficientBytes(baseline!)).toBe(0); // streamed by the decoder
  });

  it("counts the coefficients libjpeg holds for issue 35's layouts (blocks rounded up to whole MCUs)", () => {
    const cmyk = readJpegFrame(manyScansJpeg({ width: 7_000, height: 5_600, maxAl: 0, acBands: 24 }))!;
    expect(jpegCoefficientBytes(cmyk)).toBe(4 * 875 * 700 * 128); // 313.6 MB: refused
    expect(jpegCoefficientBytes(cmyk)).toBeGreaterThan(MAX_JPEG_COEFFICIENT_BYTES);
    const ycbcr = readJpegFrame(manyScansJpeg({ width: 7_000, height: 5_600, layout: 'ycbcr-420' }))!;
    expect(jpegCoefficientBytes(ycbcr)).toBe((876 * 700 + 2 * 438 * 350) * 128); // 118 MB
    expect(jpegCoefficientBytes(ycbcr)).toBeLessThanOrEqual(MAX_JPEG_COEFFICIENT_BYTES);
  });

  it('places the bound: progressive 4:2:0 passes up to the pixel limit, 4:4:4 to 22 MP, CMYK to 16.7 MP', () => {
    const bytesOf = (width: number, height: number, factors: number[]) =>
      jpegCoefficientBytes(readJpegFrame(Uint8Array.from([0xff, 0xd8, ...sof(0xc2, width, height, factors)]))!);
    const within = (n: number) => n <= MAX_JPEG_COEFFICIENT_BYTES;
    expect(within(bytesOf(8_000, 5_000, [0x22, 0x11, 0x11]))).toBe(true); // 40 MP, 4:2:0
    expect(within(bytesOf(5_400, 4_100, [0x11, 0x11, 0x11]))).toBe(true); // 22.1 MP, 4:4:4
    expect(within(bytesOf(6_000, 4_000, [0x11, 0x11, 0x11]))).toBe(false); // 24 MP, 4:4:4
    expect(within(bytesOf(4_700, 3_500, [0x11, 0x11, 0x11, 0x11]))).toBe(true); // 16.5 MP, CMYK
    expect(within(bytesOf(5_000, 3_500, [0x11, 0x11, 0x11, 0x11]))).toBe(false); // 17.5 MP, CMYK
    expect(within(bytesOf(8_000, 5_000, [0x11]))).toBe(true); // 40 MP, grey
  });

  it('holds a sequential frame whose components come in separate scans, and only such a one', () => {
    const frame = (ids: number[]) =>
      readJpegFrame(Uint8Array.from([0xff, 0xd8, ...sof(0xc0, 6_000, 4_000, [0x11, 0x11, 0x11]), ...sos(ids)]))!;
    expect(jpegCoefficientBytes(frame([1]))).toBe(750 * 500 * 3 * 128);
    expect(jpegCoefficientBytes(frame([1, 2, 3]))).toBe(0);
  });

  it("skips a thumbnail's header inside APP1 and bytes between segments; null for what is not a JPEG", () => {
    const thumbnail = [0xff, 0xd8, ...sof(0xc2, 60_000, 60_000, [0x11])];
    const file = [
      0xff,
      0xd8,
      ...segment(0xe1, thumbnail),
      0x00,
      0x12,
      0xff,
      0xff,
      ...sof(0xc0, 640, 480, [0x11]),
      ...sos([1]),
    ];
    expect(readJpegFrame(Uint8Array.from(file))).toEqual({
      width: 640,
      height: 480,
      components: [{ h: 1, v: 1 }],
      progressive: false,
      firstScanComponents: 1,
    });
    expect(readJpegFrame(Uint8Array.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(readJpegFrame(Uint8Array.from([0xff, 0xd8, 0xff, 0xc2, 0, 17, 8]))).toBeNull(); // cut in its header
    expect(readJpegFrame(new Uint8Array(0))).toBeNull();
  });
});
