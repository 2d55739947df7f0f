// sharp's threads at the photo workers' priority (server/photos/thread-priority.ts): this process's libuv pool is
// lowered, its main thread is not.
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { lowerImageThreadPriority } from '../../../server/photos/thread-priority.ts';
import { PHOTO_THREAD_NICE } from '../../../server/worker-pool.ts';

/** Each thread of this process: its name and its nice value (field 19 of /proc/self/task/TID/stat). */
function threads(): { name: string; nice: number }[] {
  return readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { name: readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim(), nice: Number(fields[16]) };
  });
}

describe.runIf(process.platform === 'linux')('image threads at a lower priority', () => {
  it("lowers libuv's pool and leaves the other threads as they were", async () => {
    await readFile(import.meta.filename); // libuv's pool exists once it has done some work
    const before = threads().find((t) => t.name !== 'libuv-worker')!;
    expect(lowerImageThreadPriority()).toBeGreaterThan(0);
    const after = threads();
    const pool = after.filter((t) => t.name === 'libuv-worker');
    expect(pool.length).toBeGreaterThan(0);
    for (const t of pool) expect(t.nice).toBe(PHOTO_THREAD_NICE);
    expect(after.find((t) => t.name === before.name)?.nice).toBe(before.nice);
  });

  it('changes nothing where the threads cannot be listed', () => {
    expect(lowerImageThreadPriority('/nonexistent/task')).toBe(0);
  });
});
