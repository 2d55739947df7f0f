// An uploaded export file, written to a private temporary file as it streams in: a collection can be a gigabyte,
// so it is never held in memory, and the limit is enforced on the bytes as they arrive (a larger file stops at the
// limit, not at its end). The readers (server/move-in/apps/) read it from there; it is removed when the work is done.
import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';

/** The file is larger than the limit: nothing of it is kept. */
export class UploadTooLargeError extends Error {
  readonly maxBytes: number;
  constructor(maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes`);
    this.name = 'UploadTooLargeError';
    this.maxBytes = maxBytes;
  }
}

export type UploadedFile = {
  path: string;
  bytes: number;
  /** Removes the file and its folder; safe to call more than once. */
  remove(): Promise<void>;
};

// A folder of its own (0700) per upload in the system's temporary folder, not in DATA_DIR: a backup of the
// embedded database takes that whole folder, and a half-imported gigabyte does not belong in it.
const PREFIX = 'recipe-book-collection-';
/** A folder left by a process that was killed mid-import is removed by the next one after this long. */
const STALE_MS = 24 * 60 * 60 * 1000;

/**
 * Writes `body` to a new file (0600) and resolves with it; rejects with UploadTooLargeError as soon as more than
 * `maxBytes` arrived (or a `declaredLength` says so before anything is read), or with the stream's own error when
 * the client goes away. Whatever was written is removed on any failure.
 */
export async function receiveUpload(body: Readable, maxBytes: number, declaredLength?: number): Promise<UploadedFile> {
  if (declaredLength !== undefined && declaredLength > maxBytes) {
    body.resume(); // the connection is closed after the answer; nothing of the body is kept
    throw new UploadTooLargeError(maxBytes);
  }
  const folder = await mkdtemp(join(tmpdir(), PREFIX));
  const path = join(folder, 'upload');
  const remove = () => rm(folder, { recursive: true, force: true });
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > maxBytes) done(new UploadTooLargeError(maxBytes));
      else done(null, chunk);
    },
  });
  try {
    await pipeline(body, counter, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
  } catch (error) {
    await remove();
    throw error;
  }
  let removed: Promise<void> | undefined;
  return { path, bytes, remove: () => (removed ??= remove()) };
}

/** Removes upload folders older than a day (a process killed mid-import leaves its file behind). */
export async function removeStaleUploads(now = Date.now()): Promise<void> {
  const root = tmpdir();
  const names = (await readdir(root).catch(() => [] as string[])).filter((n) => n.startsWith(PREFIX));
  for (const name of names) {
    const folder = join(root, name);
    const info = await stat(folder).catch(() => null);
    if (info && now - info.mtimeMs > STALE_MS) await rm(folder, { recursive: true, force: true });
  }
}
