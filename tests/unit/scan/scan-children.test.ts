// How many scans run at once, and the queue in front of them with real scan processes (server/scan/scan-child.ts)
// reading a page long enough to outlast a short time limit. The queue's bookkeeping with stand-in processes:
// scan-queue.test.ts.
import { afterAll, describe, expect, it } from 'vitest';
import { WorkerPoolError } from '../../../server/worker-pool.ts';
import { createScanChildren, scanProcesses, SCAN_MEMORY_MB, SCAN_WAITING } from '../../../server/scan/scan-children.ts';
import { pageSvg, photoOf } from '../../server/scan/scan-fixtures.ts';

describe('how many scans run at once', () => {
  it('follows the machine: one on two cores or fewer, two above', () => {
    expect(scanProcesses(1)).toBe(1);
    expect(scanProcesses(2)).toBe(1);
    expect(scanProcesses(4)).toBe(2);
    expect(scanProcesses(16)).toBe(2);
  });

  it('keeps the tree under 512 MB on a small machine: the server (~205 MB) and one capped scan', () => {
    expect(205 + scanProcesses(2) * SCAN_MEMORY_MB).toBeLessThan(512);
    expect(SCAN_WAITING).toBeGreaterThanOrEqual(1);
  });
});

describe('the queue in front of real scan processes', { timeout: 60_000 }, () => {
  const LIMIT_MS = 2000;
  const children = createScanChildren({ timeoutMs: LIMIT_MS, size: 1, waiting: 1 });
  afterAll(() => children.close());

  it('gives a waiting scan its whole time limit once its process is ready: its wait is not counted', async () => {
    // A dense page: seconds of Tesseract on any machine, far past the 2 s limit.
    const lines = Array.from(
      { length: 70 },
      (_, i) => `${i + 1} dl vetemjöl, socker och smör som rörs ihop till en deg`,
    );
    const page = new Uint8Array(await photoOf(pageSvg('Mjuk pepparkaka', lines, 2400, 4000)));
    const task = { pages: [page], timeoutSeconds: 60 };
    const asked = performance.now();
    const settled = (p: Promise<unknown>) =>
      p.then(
        () => ({ error: undefined as unknown, ms: performance.now() - asked }),
        (error: unknown) => ({ error, ms: performance.now() - asked }),
      );
    const first = settled(children.run(task));
    const second = settled(children.run(task));
    // One runs, one waits: a third is refused at once.
    await expect(children.run(task)).rejects.toMatchObject({ kind: 'busy' });
    const [a, b] = await Promise.all([first, second]);
    expect(a.error).toBeInstanceOf(WorkerPoolError);
    expect(a.error).toMatchObject({ kind: 'timeout' });
    // The waiting scan started when the first was stopped and was read for a whole limit of its own: stopped at its
    // limit ('timeout', not refused as 'busy'), at least a limit after the first (about the first's time, had its
    // wait been counted in its limit).
    expect(b.error).toBeInstanceOf(WorkerPoolError);
    expect(b.error).toMatchObject({ kind: 'timeout' });
    expect(b.ms - a.ms).toBeGreaterThanOrEqual(LIMIT_MS);
  });
});
