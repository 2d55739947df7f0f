// The photo store the settings name (PHOTO_STORAGE): the database's (default) or an S3 bucket's.
import type { Config } from '../config.ts';
import type { AppDatabase } from '../db/index.ts';
import { createDatabasePhotoStore } from './database-store.ts';
import type { PhotoStore } from './photo-store.ts';

export async function openPhotoStore(config: Config, db: AppDatabase): Promise<PhotoStore> {
  const storage = config.photos.storage;
  if (storage.kind === 'database') return createDatabasePhotoStore(db);
  throw new Error('PHOTO_STORAGE=s3: the S3 store is not wired yet');
}
