// A collection recipe's photos, one at a time: the raw bytes read out of the file by the reader (a worker thread),
// then the product's own photo pipeline (server/photos/photo-library.ts: sharp in a child process, EXIF stripped,
// a file that is not a photo refused), exactly as an editor's upload. A photo that cannot be had leaves the recipe
// without it and a note in the report; a photo store that is away stops the import (PhotoStoreError), since every
// recipe after it would lose its photos.
import { MAX_PHOTOS, type PhotoRef } from '../../src/lib/photo-schema.ts';
import { PhotoError } from '../photos/photo-processor.ts';
import { UnsavedUploadsFullError, type PhotoLibrary } from '../photos/photo-library.ts';
import { WorkerPoolError } from '../worker-pool.ts';
import { CollectionFileError, type CollectionReader, type PhotoRef as FilePhotoRef } from './apps/collection-reader.ts';

export const PHOTO_NOTES = {
  tooMany: (count: number) => `Receptet har ${count} bilder; de första ${MAX_PHOTOS} kom med.`,
  notRead: (position: number, why: string) => `Bild ${position} kom inte med: ${why}`,
  unreadableInFile: 'den kunde inte läsas ur filen.',
  busy: 'servern var upptagen med andra bilder. Lägg till den i receptet senare.',
} as const;

/** Tries again this many times, this long apart, while the pools are full with other people's photos. */
const BUSY_TRIES = 10;
const BUSY_WAIT_MS = 500;

const isBusy = (error: unknown) =>
  (error instanceof PhotoError && error.kind === 'busy') || (error instanceof WorkerPoolError && error.kind === 'busy');

async function untilNotBusy<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isBusy(error) || attempt >= BUSY_TRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, BUSY_WAIT_MS));
    }
  }
}

/** Why one photo did not come, in Swedish; anything else (the store away, a bug) is thrown on. */
function photoProblem(error: unknown): string {
  if (isBusy(error)) return PHOTO_NOTES.busy;
  if (error instanceof PhotoError) return error.swedish;
  if (error instanceof UnsavedUploadsFullError)
    return 'du har för många uppladdade bilder som inte sparats i något recept.';
  if (error instanceof CollectionFileError) return error.message;
  if (error instanceof WorkerPoolError) return PHOTO_NOTES.unreadableInFile;
  throw error;
}

/**
 * Uploads the recipe's photos (at most MAX_PHOTOS, the main photo first) as `uploadedBy`'s, and returns them as a
 * recipe body names them, with the notes on those that did not come.
 */
export async function uploadCollectionPhotos(
  {
    reader,
    library,
    path,
    uploadedBy,
  }: { reader: CollectionReader; library: PhotoLibrary; path: string; uploadedBy: string },
  refs: readonly FilePhotoRef[],
): Promise<{ photos: PhotoRef[]; notes: string[] }> {
  const photos: PhotoRef[] = [];
  const notes: string[] = [];
  if (refs.length > MAX_PHOTOS) notes.push(PHOTO_NOTES.tooMany(refs.length));
  for (const [index, ref] of refs.slice(0, MAX_PHOTOS).entries()) {
    try {
      const bytes = await untilNotBusy(() => reader.photo(path, ref));
      const photo = await untilNotBusy(() => library.upload(bytes, uploadedBy));
      photos.push({ id: photo.id, alt: '' });
    } catch (error) {
      notes.push(PHOTO_NOTES.notRead(index + 1, photoProblem(error)));
    }
  }
  return { photos, notes };
}
