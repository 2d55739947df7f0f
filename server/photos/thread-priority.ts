// sharp does its decoding and encoding on libuv's thread pool (and on the libvips and AVIF encoder threads those
// threads start). On a machine with few cores, four uploads at once would take the CPU from the server's event
// loop, and every request would wait. Linux lets a process lower the priority of one of its own threads
// (setpriority on a thread id); threads started afterwards inherit it. The photo process (photo-child.ts) lowers its
// main thread at start and, before each photo, any image thread that was started before that: they still use every
// idle core, but the event loop comes first. Elsewhere (or if /proc cannot be read) nothing changes. Since photos
// left the server's process, its own libuv pool (site files, DNS, scrypt, gzip) keeps its normal priority.
import { readdirSync, readFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { PHOTO_THREAD_NICE } from '../worker-pool.ts';

/** libuv's pool, libvips' own threads, and the AVIF/HEIF codecs' (aom, dav1d, libheif) as Linux names them. */
const IMAGE_THREADS = /^(?:libuv-worker|vips|aom|dav1d|heif)/u;
/** Lowers the priority of this process's image threads; returns how many were set. */
export function lowerImageThreadPriority(TASKS = '/proc/self/task'): number {
  if (process.platform !== 'linux') return 0;
  let lowered = 0;
  try {
    for (const tid of readdirSync(TASKS)) {
      let name: string;
      try {
        name = readFileSync(`${TASKS}/${tid}/comm`, 'utf8').trim();
      } catch {
        continue; // the thread ended meanwhile
      }
      if (!IMAGE_THREADS.test(name)) continue;
      try {
        setPriority(Number(tid), PHOTO_THREAD_NICE);
        lowered++;
      } catch {
        // Ended meanwhile, or not allowed: it keeps its priority.
      }
    }
  } catch {
    return lowered;
  }
  return lowered;
}
