// The bookkeeping of scan-children.ts's places and queue, with stand-in processes (node:child_process's fork mocked):
// a process that never started, one slow to say 'ready', one that a kill does not end. The real processes are driven
// in scan-children.test.ts.
import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Behaviour = 'no-pid' | 'never-ready' | 'ready' | 'slow-ready' | 'stuck';
const SLOW_READY_MS = 800;

/** A stand-in scan process: what fork gives, as far as scan-children.ts uses it. */
class FakeChild extends EventEmitter {
  pid: number | undefined;
  exitCode: number | null = null;
  signalCode: string | null = null;
  readonly tasks: unknown[] = [];
  constructor(readonly behaviour: Behaviour) {
    super();
    this.pid = behaviour === 'no-pid' ? undefined : 100_000 + forked.length;
    // As node does for a spawn that failed (EAGAIN): an 'error' on the next tick, a child with no pid, no 'exit'.
    if (behaviour === 'no-pid') process.nextTick(() => this.emit('error', new Error('spawn EAGAIN')));
    if (behaviour === 'ready' || behaviour === 'stuck') setTimeout(() => this.emit('message', 'ready'), 5);
    // Its modules loaded slowly (a loaded machine, a low priority).
    if (behaviour === 'slow-ready') setTimeout(() => this.emit('message', 'ready'), SLOW_READY_MS);
  }
  send(task: unknown) {
    this.tasks.push(task);
    return true;
  }
  kill(signal: string) {
    // A stuck process (in the kernel, say) does not end on a kill: its place stays taken.
    if (this.behaviour === 'stuck' || this.behaviour === 'no-pid' || this.exitCode !== null) return true;
    setTimeout(() => {
      this.signalCode = signal;
      this.emit('exit', null, signal);
    }, 5);
    return true;
  }
  /** A stuck process ending at last. */
  release() {
    this.signalCode = 'SIGKILL';
    this.emit('exit', null, 'SIGKILL');
  }
  /** The scan's answer, as scan-child.ts sends it. */
  answer() {
    this.emit('message', { outcome: { ok: true, text: 'läst', recipe: null } });
  }
}

const forked: FakeChild[] = [];
let behaviours: Behaviour[] = [];
vi.mock('node:child_process', () => ({
  fork: () => {
    const child = new FakeChild(behaviours.shift() ?? 'ready');
    forked.push(child);
    return child;
  },
}));

const { createScanChildren } = await import('../../../server/scan/scan-children.ts');
const task = { pages: [new Uint8Array(1)], timeoutSeconds: 1 };
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'answered',
    (error: unknown) => (error as { kind?: string }).kind ?? 'other',
  );

beforeEach(() => {
  forked.length = 0;
  behaviours = [];
});
afterEach(() => vi.useRealTimers());

describe('the places of the scan processes', () => {
  it('gives back the place of a process that never started (no pid, no exit), refusing that scan as busy', async () => {
    const children = createScanChildren({ timeoutMs: 5_000, size: 1, waiting: 0 });
    behaviours = ['no-pid', 'ready'];
    await expect(outcome(children.run(task))).resolves.toBe('busy');
    // The place is free again: the next scan gets a process of its own, it is not refused.
    const next = children.run(task);
    await vi.waitFor(() => expect(forked[1]?.tasks).toHaveLength(1));
    forked[1]!.answer();
    await expect(outcome(next)).resolves.toBe('answered');
    expect(forked).toHaveLength(2);
    await children.close();
  });
});

describe('the time limit and the wait', () => {
  it("counts a scan's own work from its process's 'ready', not its wait for a place nor its process's start", async () => {
    // A margin of about 700 ms for a loaded machine's stalls between the answer and its limit.
    const LIMIT_MS = 1000;
    const children = createScanChildren({ timeoutMs: LIMIT_MS, size: 1, waiting: 1 });
    behaviours = ['slow-ready', 'slow-ready'];
    const started = performance.now();
    const first = outcome(children.run(task));
    const second = outcome(children.run(task));
    // Each process is ready after 800 ms and answers 250 ms after its scan arrives: within the limit, though each
    // answer comes over 1 s after its process was started, and the second's over 2 s after it was asked for.
    for (const at of [0, 1]) {
      await vi.waitFor(() => expect(forked[at]?.tasks).toHaveLength(1));
      await new Promise((done) => setTimeout(done, 250));
      forked[at]!.answer();
    }
    await expect(Promise.all([first, second])).resolves.toEqual(['answered', 'answered']);
    expect(performance.now() - started).toBeGreaterThan(2 * LIMIT_MS);
    await children.close();
  });

  it("stops a process not ready within its start's bound, as busy, and gives its place to the next", async () => {
    const children = createScanChildren({ timeoutMs: 5_000, size: 1, waiting: 1, startMs: 100 });
    behaviours = ['never-ready', 'ready'];
    const first = outcome(children.run(task));
    const second = children.run(task);
    await expect(first).resolves.toBe('busy');
    await vi.waitFor(() => expect(forked[1]?.tasks).toHaveLength(1));
    forked[1]!.answer();
    await expect(outcome(second)).resolves.toBe('answered');
    await children.close();
  });

  it('bounds a wait by the scans ahead: a scan whose wait runs out leaves the queue alone, as busy', async () => {
    // A process a kill does not end keeps its place: the scans waiting behind it must not wait for ever.
    const [LIMIT_MS, START_MS, MARGIN_MS] = [100, 100, 100];
    const children = createScanChildren({
      timeoutMs: LIMIT_MS,
      size: 1,
      waiting: 2,
      startMs: START_MS,
      waitMarginMs: MARGIN_MS,
    });
    behaviours = ['stuck'];
    const asked = performance.now();
    const running = outcome(children.run(task));
    const ahead = outcome(children.run(task)).then((kind) => ({ kind, ms: performance.now() - asked }));
    const behind = outcome(children.run(task)).then((kind) => ({ kind, ms: performance.now() - asked }));
    await expect(running).resolves.toBe('timeout');
    // The first waiting scan has one scan ahead of it: start and limit, plus the margin (300 ms).
    const first = await ahead;
    expect(first.kind).toBe('busy');
    expect(first.ms).toBeGreaterThanOrEqual(START_MS + LIMIT_MS + MARGIN_MS - 5);
    // Only it left: the one behind still waits (two scans ahead, 500 ms), and a new scan takes the freed place
    // in the queue instead of being refused.
    const late = outcome(children.run(task));
    const second = await behind;
    expect(second.kind).toBe('busy');
    expect(second.ms).toBeGreaterThanOrEqual(2 * (START_MS + LIMIT_MS) + MARGIN_MS - 5);
    await expect(late).resolves.toBe('busy');
    expect(forked).toHaveLength(1);
    forked[0]!.release();
    await children.close();
  });
});
