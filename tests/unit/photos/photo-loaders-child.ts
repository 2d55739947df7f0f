// Run by scan-photo-loaders.test.ts in a process of its own: libvips keeps one list of loaders per process, so the
// lock-down must not reach the other test files' sharp calls (the unit project runs its files in threads of one
// process). Prints what it saw as one line of JSON.
import sharp from 'sharp';
import { allowOnlyPhotoLoaders } from '../../../server/photos/photo-loaders.ts';

const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>',
);
const pixels = sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } });
const files = await Promise.all([
  pixels.clone().jpeg().toBuffer(),
  pixels.clone().png().toBuffer(),
  pixels.clone().webp().toBuffer(),
]);
const svgBefore = (await sharp(svg).metadata()).format;
allowOnlyPhotoLoaders();
const decoded: number[] = [];
for (const file of files) decoded.push((await sharp(file).raw().toBuffer()).length);
const svgAfter = await sharp(svg)
  .raw()
  .toBuffer()
  .then(
    () => 'decoded',
    (error: Error) => error.message,
  );
console.log(JSON.stringify({ svgBefore, decoded, svgAfter }));
