// The two photos bench:photos uploads. The smooth one: noise, lightly blurred (issue 23's bench photo; encoders
// find it easy, so it is small). The detailed one: as a phone camera's 12 MP shot of a textured scene looks to an
// encoder, fine detail everywhere and sensor noise on top (issue 35: the smooth photo hid the cost of storing a
// multi-megabyte original). Both deterministic: the detailed one from a seeded generator, so runs compare.
import sharp from 'sharp';

const WIDTH = 4000;
const HEIGHT = 3000;

export async function smoothPhoto(): Promise<Buffer> {
  return sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .blur(1.2)
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** mulberry32: a small seeded generator, the same numbers on every run. */
function seeded(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Gradients (light across the scene), a fine woven texture and pixel-fine sensor noise of up to ±110 per channel (a dim scene at high ISO),
 * 2400 x 1800 (4:3): a camera's shot already at the stored original's size, so all of its detail is stored (a
 * 12 MP noisy shot loses most of it in the resize to 2400 px: its original came to 1.4 MB).
 */
export async function detailedPhoto(): Promise<Buffer> {
  const [WIDTH, HEIGHT] = [2400, 1800];
  const random = seeded(0x2f6b1a3d);
  const noise = Int8Array.from({ length: 1 << 16 }, () => Math.round((random() - 0.5) * 220));
  const column = Float32Array.from({ length: WIDTH }, (_, x) => 40 * Math.sin(x * 0.37) + 12 * Math.sin(x * 0.031));
  const row = Float32Array.from({ length: HEIGHT }, (_, y) => Math.cos(y * 0.29) + 0.3 * Math.sin(y * 0.017));
  const raw = new Uint8ClampedArray(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++) {
    const red = 90 + 60 * Math.sin(y / 400);
    const blue = 70 + (100 * y) / HEIGHT;
    const grainRow = Math.imul(y, 19349663);
    for (let x = 0; x < WIDTH; x++) {
      const shade = (80 * x) / WIDTH + column[x]! * row[y]!;
      const grain = (Math.imul(x, 73856093) ^ grainRow) >>> 8;
      const i = (y * WIDTH + x) * 3;
      raw[i] = red + shade + noise[grain & 65535]!;
      raw[i + 1] = 110 + shade + noise[(grain + 21011) & 65535]!;
      raw[i + 2] = blue + shade + noise[(grain + 42023) & 65535]!;
    }
  }
  return sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}
