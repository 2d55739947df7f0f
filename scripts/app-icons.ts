// Writes the web app manifest's PNG icons (public/icons/) from the favicon, once, by hand: `npx tsx
// scripts/app-icons.ts`. The PNGs are committed (a build needs no image work); run this again when the favicon
// changes. Platforms ask for 192 and 512 px (Android, Chrome's install), 180 px (iOS's home screen), and a
// maskable 512 px whose picture stays inside the middle 80 % that any mask shape keeps.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const root = join(import.meta.dirname, '..');
const favicon = readFileSync(join(root, 'public', 'favicon.svg'), 'utf8');
/** The favicon's own background, filling the whole square of a maskable icon. */
export const ICON_BACKGROUND = '#b4532a';

/** The favicon drawn at `scale` of a full square of its background colour (the maskable icon's safe zone). */
function onBackground(scale: number): string {
  const inner = Buffer.from(favicon).toString('base64');
  const size = 36 * scale;
  const offset = (36 - size) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"><rect width="36" height="36" fill="${ICON_BACKGROUND}"/><image href="data:image/svg+xml;base64,${inner}" x="${offset}" y="${offset}" width="${size}" height="${size}"/></svg>`;
}

async function png(svg: string, size: number, name: string): Promise<void> {
  await sharp(Buffer.from(svg), { density: (72 * size) / 36 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(join(root, 'public', 'icons', name));
}

await png(favicon, 192, 'icon-192.png');
await png(favicon, 512, 'icon-512.png');
// iOS rounds the corners itself and shows transparency as black: a full square.
await png(onBackground(1), 180, 'apple-touch-icon.png');
await png(onBackground(0.7), 512, 'maskable-512.png');
