// The one lock-down of sharp's loaders that the photo and the scan processes share (server/photos/photo-loaders.ts):
// after it, a photo's four formats decode and an SVG (librsvg, an XML parser) never reaches its parser. It runs in a
// child process (photo-loaders-child.ts): the lock-down holds for the whole process it is called in.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CHILD = fileURLToPath(new URL('./photo-loaders-child.ts', import.meta.url));

describe('allowOnlyPhotoLoaders', () => {
  it('lets JPEG, PNG and WebP decode and blocks SVG', () => {
    const seen = JSON.parse(execFileSync(process.execPath, [CHILD], { encoding: 'utf8' })) as {
      svgBefore: string;
      decoded: number[];
      svgAfter: string;
    };
    // Before: libvips reads the SVG as it reads anything it has a loader for.
    expect(seen.svgBefore).toBe('svg');
    expect(seen.decoded).toEqual([8 * 8 * 3, 8 * 8 * 3, 8 * 8 * 3]);
    expect(seen.svgAfter).toMatch(/blocked|not a known|unsupported/i);
  });
});
