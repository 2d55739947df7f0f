// The photo store the settings name (PHOTO_STORAGE): the database's (default) or an S3 bucket's.
import type { Config } from '../config.ts';
import type { AppDatabase } from '../db/index.ts';
import { createDatabasePhotoStore } from './database-store.ts';
import type { PhotoStore } from './photo-store.ts';
import { createS3PhotoStore } from './s3-store.ts';

export function openPhotoStore(config: Config, db: AppDatabase): PhotoStore {
  const storage = config.photos.storage;
  if (storage.kind === 'database') return createDatabasePhotoStore(db);
  return createS3PhotoStore(storage);
}
