import { describe, expect, it } from 'vitest';
import { LoginThrottle, Throttle, WindowLimit } from '../../server/idp/throttle.ts';

describe('Throttle', () => {
  it('waits after the free failures, doubles each further failure up to the cap, forgets after a quiet period', () => {
    let now = 0;
    const throttle = new Throttle({ free: 3, firstWaitMs: 1000, maxWaitMs: 5000, resetMs: 60_000 }, () => now);
    expect([throttle.fail('k'), throttle.fail('k')]).toEqual([0, 0]);
    expect(throttle.waitMs('k')).toBe(0);
    expect(throttle.fail('k')).toBe(1000);
    now += 1000;
    expect(throttle.waitMs('k')).toBe(0);
    expect(throttle.fail('k')).toBe(2000);
    expect(throttle.fail('k')).toBe(4000);
    expect(throttle.fail('k')).toBe(5000);
    expect(throttle.waitMs('other')).toBe(0);
    now += 5000 + 60_000;
    expect(throttle.waitMs('k')).toBe(0);
    expect(throttle.fail('k')).toBe(0);
  });

  it('a success forgets the key', () => {
    const throttle = new Throttle({ free: 1, firstWaitMs: 1000, maxWaitMs: 1000, resetMs: 1000 }, () => 0);
    throttle.fail('k');
    throttle.succeed('k');
    expect(throttle.waitMs('k')).toBe(0);
  });
});

describe('LoginThrottle', () => {
  it('keys account failures by address: another address is not locked out', () => {
    const throttle = new LoginThrottle(() => 0);
    for (let i = 0; i < 5; i++) throttle.fail('user:1', '192.0.2.1');
    expect(throttle.isLocked('user:1', '192.0.2.1')).toBe(true);
    expect(throttle.isLocked('user:1', '192.0.2.2')).toBe(false);
    expect(throttle.isLocked('user:2', '192.0.2.1')).toBe(false);
  });
});

describe('WindowLimit', () => {
  it('allows `limit` events per key in the window', () => {
    let now = 0;
    const limit = new WindowLimit(2, 1000, () => now);
    expect([limit.take('a'), limit.take('a'), limit.take('a'), limit.take('b')]).toEqual([true, true, false, true]);
    now = 1001;
    expect(limit.take('a')).toBe(true);
  });
});
