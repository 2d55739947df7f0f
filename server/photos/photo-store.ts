// Where a photo's files live: in the database (the default: backups, restores and the move to PostgreSQL carry
// them, every API instance sees them) or in an S3-compatible object store (large installations). Files are named
// by their content (`<sha256>.<ext>`, src/lib/photo-schema.ts), so a put is idempotent and a file never changes.
// Which photo uses which file is the database's business (server/db/repositories/photo-repository.ts); a store only keeps bytes.

export type PhotoFileBytes = { file: string; contentType: string; bytes: Uint8Array };

export interface PhotoStore {
  readonly kind: 'database' | 's3';
  /** Stores the files; one already there is left as it is. */
  put(files: readonly PhotoFileBytes[]): Promise<void>;
  /** A file's bytes and type, or null when there is no such file. */
  get(file: string): Promise<{ contentType: string; bytes: Uint8Array } | null>;
  /** Removes the files (those already gone are no error). */
  remove(files: readonly string[]): Promise<void>;
  /**
   * Moves files kept where this store kept them before to where it keeps them now, once, at the server's start
   * (the database store on PGlite: from photo_files into the data folder); the number moved.
   */
  settle?(): Promise<number>;
  close(): Promise<void>;
}
