// server/stop-signals.ts: npm's relayed copy of the first signal is part of the same stop (no log line); a later
// or different signal is news and is logged by server/start.ts.
import { describe, expect, it } from 'vitest';
import { COPY_WITHIN_MS, stopSignals } from '../../../server/stop-signals.ts';

describe('stopSignals', () => {
  it('the first signal stops; the same signal right after it is its copy', () => {
    const signals = stopSignals();
    expect(signals.first).toBeUndefined();
    expect(signals.receive('SIGTERM', 1_000)).toBe('stop');
    expect(signals.first).toBe('SIGTERM');
    expect(signals.receive('SIGTERM', 1_005)).toBe('copy');
  });

  it('only one copy per stop: a third SIGTERM within the window is a person asking again', () => {
    const signals = stopSignals();
    signals.receive('SIGINT', 0);
    expect(signals.receive('SIGINT', 3)).toBe('copy');
    expect(signals.receive('SIGINT', 10)).toBe('again');
  });

  it('a different signal, or the same one after the window, is logged', () => {
    const signals = stopSignals();
    signals.receive('SIGINT', 0);
    expect(signals.receive('SIGTERM', 2)).toBe('again');
    expect(signals.receive('SIGINT', COPY_WITHIN_MS)).toBe('again');
    expect(signals.first).toBe('SIGINT');
  });
});
