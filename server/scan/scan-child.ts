// The entry of a scan process (scan-children.ts): one scan (all its pages) per message, answered with the outcome.
// Its threads run at a lower priority, so the server's event loop comes first on a small machine; it ends when the
// server closes the channel or goes away: never an orphan.
import { setPriority } from 'node:os';
import sharp from 'sharp';
import { allowOnlyPhotoLoaders } from '../photos/photo-loaders.ts';
import { PHOTO_THREAD_NICE } from '../worker-pool.ts';
import readPages, { type ScanTask } from './read-pages.ts';

try {
  setPriority(PHOTO_THREAD_NICE);
} catch {
  // Not allowed here: it runs at normal priority.
}
// As for photos: only the four loaders a photo needs can run in this process (server/photos/photo-loaders.ts).
allowOnlyPhotoLoaders();
sharp.cache(false);
sharp.concurrency(1);

process.on('disconnect', () => process.exit(0));
process.on('message', (task: ScanTask) => {
  void readPages(task).then(
    (outcome) => process.send?.({ outcome }),
    (error: unknown) => process.send?.({ outcome: { ok: false, kind: 'unreadable', page: -1, detail: String(error) } }),
  );
});
process.send?.('ready');
