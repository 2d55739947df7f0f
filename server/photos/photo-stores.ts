// The photo store the settings name (PHOTO_STORAGE): the database's (default) or an S3 bucket's. The S3 store (and
// the AWS SDK, some 36 MB of memory once loaded) is imported only when it is the one chosen.
import type { Config } from '../config.ts';
import type { AppDatabase } from '../db/index.ts';
import { createDatabasePhotoStore } from './database-store.ts';
import type { PhotoStore } from './photo-store.ts';

export async function openPhotoStore(config: Config, db: AppDatabase): Promise<PhotoStore> {
  const storage = config.photos.storage;
  if (storage.kind === 'database') return createDatabasePhotoStore(db);
  const { createS3PhotoStore } = await import('./s3-store.ts');
  return createS3PhotoStore(storage);
}
