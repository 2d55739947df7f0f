// The one list of the image loaders a process that decodes uploads may run (the photo process, process-photo.ts,
// and the scan process, server/scan/scan-child.ts): libvips keeps one list for every sharp call in the process, so
// an SVG (librsvg, an XML parser), a TIFF, a GIF, a PDF or anything else never reaches its parser, whatever the
// bytes claim. The loaders are JPEG, PNG, WebP and HEIF (HEIC and AVIF), as sniff-format.ts tells them apart.
import sharp from 'sharp';

export const PHOTO_LOADERS = [
  'VipsForeignLoadJpegBuffer',
  'VipsForeignLoadPngBuffer',
  'VipsForeignLoadWebpBuffer',
  'VipsForeignLoadHeifBuffer',
] as const;

/** Blocks every libvips loader in this process but PHOTO_LOADERS. Call once, before the first decode. */
export function allowOnlyPhotoLoaders(): void {
  sharp.block({ operation: ['VipsForeignLoad'] });
  sharp.unblock({ operation: [...PHOTO_LOADERS] });
}
