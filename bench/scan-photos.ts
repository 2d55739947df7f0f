// The photos npm run bench:scan reads: each recipe of bench/scan-recipes.ts printed as a page in Debian's Chromium
// (a font of this machine's, one of four layouts: one column, two columns, a typed card, a cookbook page with the
// ingredients beside the steps), then made into what a phone gives (sharp and a little arithmetic): the page on a
// dark table, turned, its keystone (a perspective warp: the camera held over the page at a slant), a shadow or a
// dark corner, soft focus, sensor noise, a smaller size and JPEG. Two kinds of photo: careful (a slight turn and
// slant, light shadow, quality 80-85) and hurried (more turn and slant, a dark corner, softer, smaller, quality
// 60-70), every number drawn from the recipe's own seed: the same photos on every run.
import { chromium, type Browser } from '@playwright/test';
import sharp from 'sharp';
import { CHROMIUM, CHROMIUM_ARGS } from '../scripts/chromium.ts';
import { seeded, type ScanRecipe } from './scan-recipes.ts';

export const LAYOUTS = ['one column', 'two columns', 'card', 'cookbook page'] as const;
export type Layout = (typeof LAYOUTS)[number];
const FONTS = ['DejaVu Serif', 'Liberation Serif', 'DejaVu Sans', 'Liberation Sans', 'Liberation Sans Narrow'];
const CARD_FONTS = ['Liberation Mono', 'DejaVu Sans Mono'];

export type Photo = {
  recipe: ScanRecipe;
  layout: Layout;
  font: string;
  kind: 'careful' | 'hurried';
  /** What was done to it, for the report. */
  turn: number;
  jpeg: Buffer;
};

const escape = (text: string) => text.replace(/&/gu, '&amp;').replace(/</gu, '&lt;');

function listHtml(recipe: ScanRecipe): string {
  return recipe.groups
    .map(
      (g) =>
        (g.heading ? `<h3>${escape(g.heading)}</h3>` : '') +
        `<ul>${g.lines.map((l) => `<li>${escape(l)}</li>`).join('')}</ul>`,
    )
    .join('');
}
const stepsHtml = (recipe: ScanRecipe) => `<ol>${recipe.steps.map((s) => `<li>${escape(s)}</li>`).join('')}</ol>`;

/** The page's HTML: its layout and font; the element #page is what is photographed. */
export function pageHtml(recipe: ScanRecipe, layout: Layout, font: string): string {
  const base = `*{margin:0;padding:0;box-sizing:border-box} body{background:#fff;font-family:'${font}';color:#1d1a17}
    ul,ol{list-style:none} h3{font-size:1em;font-weight:bold;margin:.6em 0 .2em} li{margin:.15em 0}
    ol{counter-reset:s} ol li{counter-increment:s} ol li::before{content:counter(s) '. '}
    h1{font-weight:bold;line-height:1.15} h2{font-size:1.05em;margin:.9em 0 .3em;text-transform:none}`;
  const list = listHtml(recipe);
  const steps = stepsHtml(recipe);
  const head = `<h1>${escape(recipe.name)}</h1><p class="serves">${escape(recipe.servingsLine)}</p>`;
  switch (layout) {
    case 'one column':
      return `<style>${base} #page{width:560px;padding:48px 52px;background:#f6f2e8;font-size:15px}
        h1{font-size:30px;margin-bottom:6px}</style><div id="page">${head}
        <h2>Ingredienser</h2>${list}<h2>Gör så här</h2>${steps}</div>`;
    case 'two columns':
      return `<style>${base} #page{width:720px;padding:44px 48px;background:#f4f0e6;font-size:14px}
        h1{font-size:32px;margin-bottom:4px} .cols{display:grid;grid-template-columns:1fr 1fr;gap:36px}</style>
        <div id="page">${head}<div class="cols"><div><h2>Ingredienser</h2>${list}</div>
        <div><h2>Gör så här</h2>${steps}</div></div></div>`;
    case 'card':
      return `<style>${base} #page{width:600px;padding:28px 34px 34px;background:#fbf8ef;font-size:14px;
        border:1px solid #b9b2a2;background-image:repeating-linear-gradient(#fbf8ef 0 23px,#c9dbe8 23px 24px);
        background-position:0 86px} h1{font-size:24px;border-bottom:2px solid #d66;padding-bottom:6px;margin-bottom:8px}
        </style><div id="page">${head}<h2>Ingredienser</h2>${list}<h2>Gör så här</h2>${steps}</div>`;
    case 'cookbook page':
      return `<style>${base} #page{width:640px;padding:50px 54px 36px;background:#f7f3ea;font-size:14px}
        h1{font-size:34px;margin-bottom:2px;font-weight:normal} .serves{font-style:italic;margin-bottom:14px}
        .side{display:grid;grid-template-columns:200px 1fr;gap:30px} .folio{text-align:center;margin-top:28px;
        font-size:12px}</style><div id="page">${head}<div class="side"><div><h2>Ingredienser</h2>${list}</div>
        <div><h2>Gör så här</h2>${steps}</div></div><p class="folio">${37 + recipe.index * 2}</p></div>`;
  }
}

/** The 8 numbers of the projective map taking each `from` corner to its `to` corner (Gaussian elimination). */
function homography(from: [number, number][], to: [number, number][]): number[] {
  const rows: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]!;
    const [u, v] = to[i]!;
    rows.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    rows.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let c = 0; c < 8; c++) {
    let best = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(rows[r]![c]!) > Math.abs(rows[best]![c]!)) best = r;
    [rows[c], rows[best]] = [rows[best]!, rows[c]!];
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const f = rows[r]![c]! / rows[c]![c]!;
      for (let k = c; k < 9; k++) rows[r]![k]! -= f * rows[c]![k]!;
    }
  }
  return rows.map((row, i) => row[8]! / row[i]!);
}

/**
 * Keystone: the picture as a camera held at a slant sees it. The top edge (or a side) comes in by `inset` of the
 * width at each end; each pixel of the result is looked up in the picture through the inverse map (bilinear).
 */
function keystone(
  data: Buffer,
  width: number,
  height: number,
  inset: number,
  side: 'top' | 'left' | 'right',
  table: number[],
): Buffer {
  const dx = inset * width;
  const dy = inset * height;
  const corners: [number, number][] = [
    [0, 0],
    [width, 0],
    [width, height],
    [0, height],
  ];
  const seen: [number, number][] =
    side === 'top'
      ? [
          [dx, dy * 0.5],
          [width - dx, dy * 0.5],
          [width, height],
          [0, height],
        ]
      : side === 'left'
        ? [
            [dx * 0.5, dy],
            [width, 0],
            [width, height],
            [dx * 0.5, height - dy],
          ]
        : [
            [0, 0],
            [width - dx * 0.5, dy],
            [width - dx * 0.5, height - dy],
            [0, height],
          ];
  const [a, b, c, d, e, f, g, h] = homography(seen, corners) as [number, ...number[]];
  const out = Buffer.alloc(data.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const w = g! * x + h! * y + 1;
      const sx = (a * x + b! * y + c!) / w;
      const sy = (d! * x + e! * y + f!) / w;
      const o = (y * width + x) * 3;
      if (sx < 0 || sy < 0 || sx >= width - 1 || sy >= height - 1) {
        out[o] = table[0]!;
        out[o + 1] = table[1]!;
        out[o + 2] = table[2]!;
        continue;
      }
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      const i = (y0 * width + x0) * 3;
      const j = i + width * 3;
      for (let ch = 0; ch < 3; ch++)
        out[o + ch] =
          (data[i + ch]! * (1 - fx) + data[i + 3 + ch]! * fx) * (1 - fy) +
          (data[j + ch]! * (1 - fx) + data[j + 3 + ch]! * fx) * fy;
    }
  return out;
}

/** A phone's photo of the printed page (PNG), from the recipe's seed. */
export async function phoneLike(
  png: Buffer,
  kind: Photo['kind'],
  seed: number,
): Promise<{ jpeg: Buffer; turn: number }> {
  const random = seeded(seed);
  const between = (low: number, high: number) => low + (high - low) * random();
  const hurried = kind === 'hurried';
  const turn = (random() < 0.5 ? -1 : 1) * (hurried ? between(3, 6) : between(1, 2.5));
  const table = [between(40, 80), between(35, 65), between(30, 55)].map(Math.round);
  const background = { r: table[0]!, g: table[1]!, b: table[2]! };
  const meta = await sharp(png).metadata();
  const margin = Math.round(Math.max(meta.width, meta.height) * between(0.03, 0.07));
  // The page on the table, turned.
  const placed = await sharp(png)
    .removeAlpha()
    .extend({ top: margin, bottom: margin, left: margin, right: margin, background })
    .rotate(turn, { background })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = placed.info;
  if (channels !== 3) throw new Error(`the page came out with ${channels} channels, not 3`);
  const side = hurried ? (['top', 'left', 'right'] as const)[Math.floor(random() * 3)]! : 'top';
  const warped = keystone(
    placed.data,
    width,
    height,
    hurried ? between(0.05, 0.09) : between(0.01, 0.035),
    side,
    table,
  );
  // Light: a shadow from one side (careful) or a dark corner (hurried), multiplied in.
  const shade = hurried ? between(0.35, 0.55) : between(0.12, 0.25);
  const corner = Math.floor(random() * 4);
  const [cx, cy] = [corner % 2 ? 1 : 0, corner < 2 ? 0 : 1];
  const gradient = hurried
    ? `<radialGradient id="s" cx="${cx}" cy="${cy}" r="0.8"><stop offset="0" stop-color="#000" stop-opacity="${shade}"/>` +
      `<stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`
    : `<linearGradient id="s" x1="${cx}" y1="0" x2="${1 - cx}" y2="0"><stop offset="0" stop-color="#000" ` +
      `stop-opacity="${shade}"/><stop offset="0.7" stop-color="#000" stop-opacity="0"/></linearGradient>`;
  const shadow = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs>${gradient}</defs>` +
      `<rect width="100%" height="100%" fill="url(#s)"/></svg>`,
  );
  const lit = await sharp(warped, { raw: { width, height, channels: 3 } })
    .composite([{ input: shadow }])
    .blur(hurried ? between(1.1, 1.7) : between(0.5, 0.9))
    .removeAlpha()
    .raw()
    .toBuffer();
  // Sensor noise: about normal (the sum of three uniform draws), stronger where it is dark, as a phone's is.
  const strength = hurried ? between(7, 11) : between(3, 6);
  for (let i = 0; i < lit.length; i++) {
    const n = (random() + random() + random() - 1.5) * 2 * strength * (1.2 - lit[i]! / 320);
    lit[i] = Math.max(0, Math.min(255, lit[i]! + n));
  }
  const long = hurried ? Math.round(between(1500, 1800)) : Math.round(between(2200, 2600));
  const jpeg = await sharp(lit, { raw: { width, height, channels: 3 } })
    .resize(long, long, { fit: 'inside' })
    .jpeg({ quality: Math.round(hurried ? between(60, 70) : between(80, 85)) })
    .toBuffer();
  return { jpeg, turn };
}

/** Chromium for the pages (Debian's, with the flags every launch here uses). */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });

/** The recipe printed (layout and font from its number) and photographed as a phone would. */
export async function photoOf(browser: Browser, recipe: ScanRecipe): Promise<Photo> {
  const random = seeded(91_000 + recipe.index * 104_729);
  const layout = LAYOUTS[recipe.index % LAYOUTS.length]!;
  const font = layout === 'card' ? CARD_FONTS[Math.floor(random() * 2)]! : FONTS[Math.floor(random() * FONTS.length)]!;
  // Careful and hurried alternate in pairs, so each layout and each part gets both.
  const kind = Math.floor(recipe.index / 4) % 2 === 0 ? 'careful' : 'hurried';
  const page = await browser.newPage({ viewport: { width: 900, height: 1200 }, deviceScaleFactor: 3 });
  try {
    await page.setContent(pageHtml(recipe, layout, font));
    await page.evaluate(() => document.fonts.ready);
    const png = await page.locator('#page').screenshot({ type: 'png' });
    const { jpeg, turn } = await phoneLike(png, kind, Math.floor(random() * 2 ** 31));
    return { recipe, layout, font, kind, turn, jpeg };
  } finally {
    await page.close();
  }
}
