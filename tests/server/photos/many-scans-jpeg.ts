// A JPEG of thousands of valid, empty scans, written byte by byte (no encoder writes one): issue 35's hostile file
// and its variants, for the photo tests, the scan counter's unit test and npm run bench:photos-hostile.

type ScanLayout = 'cmyk' | 'ycbcr-420' | 'grey';
const LAYOUTS: Record<ScanLayout, { h: number; v: number }[]> = {
  cmyk: [1, 2, 3, 4].map(() => ({ h: 1, v: 1 })),
  'ycbcr-420': [
    { h: 2, v: 2 },
    { h: 1, v: 1 },
    { h: 1, v: 1 },
  ],
  grey: [{ h: 1, v: 1 }],
};

/**
 * A valid progressive JPEG of thousands of scans that carry nothing (issue 35): every coefficient is zero, and each
 * of the 63 AC coefficients of each component gets its own first scan at the deepest bit (Al 13) and 13 refinement
 * scans, each a few end-of-block runs. The file is small; a decoder visits every block once per scan. 'cmyk' (the
 * issue's file: 1 DC scan + 4 x 882 = 3,529 scans), 'ycbcr-420' (subsampled, DC split per component: 2,649), 'grey'
 * (883). `maxAl` below 13 and `acBands` below 63 (only coefficients 1..acBands get scans) make fewer scans of the
 * same kind: CMYK with `maxAl: 0, acBands: 24` has 97, under the bound, for the bench's worst file that is decoded.
 */
export function manyScansJpeg({
  width,
  height,
  layout = 'cmyk',
  dcSplit = false,
  maxAl = 13,
  acBands = 63,
}: {
  width: number;
  height: number;
  layout?: ScanLayout;
  dcSplit?: boolean;
  maxAl?: number;
  acBands?: number;
}): Buffer {
  const comps = LAYOUTS[layout];
  const hMax = Math.max(...comps.map((c) => c.h));
  const vMax = Math.max(...comps.map((c) => c.v));
  const segment = (marker: number, body: number[]) => [
    0xff,
    marker,
    (body.length + 2) >> 8,
    (body.length + 2) & 255,
    ...body,
  ];
  const u16 = (n: number) => [n >> 8, n & 255];
  const out: number[][] = [[0xff, 0xd8]];
  if (layout === 'cmyk') out.push(segment(0xee, [...Buffer.from('Adobe'), 0, 100, 0, 0, 0, 0, 0])); // no transform
  out.push(segment(0xdb, [0, ...new Array<number>(64).fill(1)]));
  out.push(
    segment(0xc2, [
      8,
      ...u16(height),
      ...u16(width),
      comps.length,
      ...comps.flatMap((c, i) => [i + 1, (c.h << 4) | c.v, 0]),
    ]),
  );
  // DC: one code, '0' = difference 0. AC: EOB0..EOB14, 4 bits each.
  out.push(segment(0xc4, [0x00, 1, ...new Array<number>(15).fill(0), 0]));
  out.push(
    segment(0xc4, [
      0x10,
      0,
      0,
      0,
      15,
      ...new Array<number>(12).fill(0),
      ...Array.from({ length: 15 }, (_, n) => n << 4),
    ]),
  );

  const blocksOf = (c: { h: number; v: number }) =>
    Math.ceil(Math.ceil((width * c.h) / hMax) / 8) * Math.ceil(Math.ceil((height * c.v) / vMax) / 8);
  const scan = (
    ids: number[],
    ss: number,
    se: number,
    ah: number,
    al: number,
    bits: (put: (value: number, n: number) => void) => void,
  ) => {
    const data: number[] = [];
    let acc = 0;
    let count = 0;
    const put = (value: number, n: number) => {
      for (let i = n - 1; i >= 0; i--) {
        acc = (acc << 1) | ((value >> i) & 1);
        if (++count === 8) {
          data.push(acc);
          if (acc === 0xff) data.push(0); // byte stuffing
          acc = 0;
          count = 0;
        }
      }
    };
    bits(put);
    if (count > 0) put(0x7f, 8 - count); // pad with 1-bits
    out.push(segment(0xda, [ids.length, ...ids.flatMap((id) => [id, 0]), ss, se, (ah << 4) | al]), data);
  };
  const dc = (ids: number[]) =>
    scan(ids, 0, 0, 0, 0, (put) => {
      if (ids.length === 1) for (let b = blocksOf(comps[ids[0]! - 1]!); b > 0; b--) put(0, 1);
      else {
        const mcus = Math.ceil(width / (8 * hMax)) * Math.ceil(height / (8 * vMax));
        const perMcu = ids.reduce((n, id) => n + comps[id - 1]!.h * comps[id - 1]!.v, 0);
        for (let m = mcus * perMcu; m > 0; m--) put(0, 1);
      }
    });
  const eobRuns = (blocks: number) => (put: (value: number, n: number) => void) => {
    for (let left = blocks; left > 0;) {
      const run = Math.min(left, 32_767);
      const n = Math.floor(Math.log2(run));
      put(n, 4);
      if (n > 0) put(run - (1 << n), n);
      left -= run;
    }
  };
  const ids = comps.map((_, i) => i + 1);
  if (dcSplit) for (const id of ids) dc([id]);
  else dc(ids);
  for (const id of ids)
    for (let k = 1; k <= acBands; k++)
      for (let al = maxAl; al >= 0; al--) {
        const ah = al === maxAl ? 0 : al + 1;
        scan([id], k, k, ah, al, eobRuns(blocksOf(comps[id - 1]!)));
      }
  out.push([0xff, 0xd9]);
  return Buffer.from(out.flat());
}
