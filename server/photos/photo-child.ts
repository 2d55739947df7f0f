// The entry of a photo process (photo-children.ts): loads sharp, says it is ready, then processes one photo per
// message and answers with the outcome and its resident memory. Its threads run at a lower priority (nice 10), so the server's event loop
// comes first on a small machine. It ends when the server closes the channel or goes away: never an orphan.
import { setPriority } from 'node:os';
import { PHOTO_THREAD_NICE } from '../worker-pool.ts';
import processPhoto, { type PhotoTask } from './process-photo.ts';
import { lowerImageThreadPriority } from './thread-priority.ts';

// This thread first: the threads it starts later (libuv's pool, which starts libvips') inherit its priority.
try {
  setPriority(PHOTO_THREAD_NICE);
} catch {
  // Not allowed here: it runs at normal priority.
}
process.on('disconnect', () => process.exit(0));
process.on('message', (task: PhotoTask) => {
  lowerImageThreadPriority(); // any started before the line above
  // With the outcome, what the process holds now: memory libvips and malloc keep after a large decode.
  void processPhoto(task).then((outcome) => process.send?.({ outcome, rss: process.memoryUsage.rss() }));
});
process.send?.('ready');
