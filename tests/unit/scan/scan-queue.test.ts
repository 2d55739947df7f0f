// The bookkeeping of scan-children.ts's places and queue, with stand-in processes (node:child_process's fork mocked):
// a process that never started, one slow to say 'ready', one that a kill does not end. The real processes are driven
// in scan-children.test.ts.
import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Behaviour = 'no-pid' | 'never-ready' | 'ready' | 'stuck';

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
