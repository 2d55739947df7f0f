// Photos of printed Swedish recipe pages, made for the scan tests: the page drawn as SVG text and turned into a
// photo-like JPEG by sharp (paper tint, optional turn). Made before any scan process blocks libvips' SVG loader (that
// happens in the scan processes only, but the photo fixtures' rule is kept: pictures first).
import sharp from 'sharp';

const escape = (text: string) => text.replace(/&/gu, '&amp;').replace(/</gu, '&lt;');

/** A page: a title line, then lines of body text, as a print of about 150 dpi. */
export function pageSvg(title: string, lines: string[], width = 1000, height = 1300): Buffer {
  const body = lines
    .map((line, i) => `<text x="70" y="${230 + i * 52}" font-size="32">${escape(line)}</text>`)
    .join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<rect width="100%" height="100%" fill="#f3efe4"/>` +
      `<g font-family="DejaVu Serif" fill="#222"><text x="70" y="140" font-size="60">${escape(title)}</text>` +
      `${body}</g></svg>`,
  );
}

/** The page as a camera's JPEG, turned by `degrees` on a dark table where asked. */
export async function photoOf(svg: Buffer, degrees = 0): Promise<Buffer> {
  const image = sharp(svg).flatten({ background: '#f3efe4' });
  const turned = degrees ? image.rotate(degrees, { background: '#3a3430' }) : image;
  return turned.jpeg({ quality: 85 }).toBuffer();
}

export const KANELBULLAR = pageSvg('Kanelbullar', [
  '4 portioner',
  '',
  'Ingredienser',
  '2 1/2 dl mjölk',
  '50 g jäst',
  '100 g smör',
  '1 tsk kardemumma',
  '',
  'Gör så här',
  'Smält smöret och häll i mjölken.',
  'Rör ner jästen och knåda degen.',
]);

/** A recipe over two pages: the list on the first, the steps on the second. */
export const TWO_PAGES = [
  pageSvg('Pannkakor', ['4 portioner', '', 'Ingredienser', '3 dl vetemjöl', '6 dl mjölk', '3 ägg', '1 krm salt']),
  pageSvg('Gör så här', ['Vispa mjölet med hälften av mjölken.', 'Vispa i resten av mjölken och äggen.']),
];

/** A photo with no text: a sunset over water. */
export const landscape = () =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600"><defs><linearGradient id="s" x2="0" y2="1">' +
        '<stop offset="0" stop-color="#f8a040"/><stop offset="1" stop-color="#203060"/></linearGradient></defs>' +
        '<rect width="100%" height="100%" fill="url(#s)"/><circle cx="450" cy="330" r="90" fill="#ffd070"/>' +
        '<rect y="380" width="900" height="220" fill="#102040"/></svg>',
    ),
  )
    .jpeg({ quality: 85 })
    .toBuffer();
