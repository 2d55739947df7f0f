// The one lock-down of sharp's loaders that the photo and the scan processes share (server/photos/photo-loaders.ts):
// after it, a photo's four formats decode and an SVG (librsvg, an XML parser) never reaches its parser.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { allowOnlyPhotoLoaders } from '../../../server/photos/photo-loaders.ts';

const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>',
);

describe('allowOnlyPhotoLoaders', () => {
  it('lets JPEG, PNG and WebP decode and blocks SVG', async () => {
    const pixels = sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } });
    const files = await Promise.all([
      pixels.clone().jpeg().toBuffer(),
      pixels.clone().png().toBuffer(),
      pixels.clone().webp().toBuffer(),
    ]);
    // Before: libvips reads the SVG as it reads anything it has a loader for.
    expect((await sharp(svg).metadata()).format).toBe('svg');
    allowOnlyPhotoLoaders();
    for (const file of files) expect((await sharp(file).raw().toBuffer()).length).toBe(8 * 8 * 3);
    await expect(sharp(svg).raw().toBuffer()).rejects.toThrow(/blocked|not a known|unsupported/i);
  });
});
