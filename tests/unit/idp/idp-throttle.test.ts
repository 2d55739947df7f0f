import { describe, expect, it } from 'vitest';
import { clientKey, LoginThrottle, networkKey, Throttle, WindowLimit } from '../../../server/idp/abuse/throttle.ts';

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

describe('LoginThrottle under concurrent attempts', () => {
  it('counts an attempt from the moment it is accepted; a success or a cancelled check gives its slot back', () => {
    const throttle = new LoginThrottle(() => 0);
    const attempts = Array.from({ length: 7 }, () => throttle.begin('user:1', '192.0.2.1'));
    expect(attempts.filter(Boolean)).toHaveLength(5);
    attempts[0]!.succeed();
    attempts[1]!.cancel();
    // Two slots back: two more may be checked, then the account waits again.
    expect(throttle.begin('user:1', '192.0.2.1')).not.toBeNull();
    expect(throttle.begin('user:1', '192.0.2.1')).not.toBeNull();
    expect(throttle.begin('user:1', '192.0.2.1')).toBeNull();
    expect(throttle.begin('user:1', '192.0.2.2')).not.toBeNull();
  });

  it('after a wait has passed, lets exactly one attempt through at a time, as sequential guessing would', () => {
    let now = 0;
    const throttle = new LoginThrottle(() => now);
    for (let i = 0; i < 5; i++) throttle.begin('user:1', '192.0.2.1')!.fail();
    expect(throttle.begin('user:1', '192.0.2.1')).toBeNull();
    now += 30_000;
    const one = throttle.begin('user:1', '192.0.2.1');
    expect(one).not.toBeNull();
    expect(throttle.begin('user:1', '192.0.2.1')).toBeNull();
  });

  it('keeps fixed-size keys however long the login', () => {
    const throttle = new LoginThrottle(() => 0);
    throttle.fail(`login:${'ﷺ'.repeat(28_000).normalize('NFKC')}`, '192.0.2.1');
    throttle.begin(`login:${'x'.repeat(1_000_000)}`, '2001:db8::/64');
    expect(throttle.keys().length).toBeGreaterThan(0);
    for (const key of throttle.keys()) expect(key.length).toBeLessThanOrEqual(64);
  });
});

describe('LoginThrottle pressure', () => {
  it('weighs an address by its attempts, even those never checked, and forgets them by half every 30 s', () => {
    let now = 0;
    const throttle = new LoginThrottle(() => now);
    for (let i = 0; i < 10; i++) throttle.begin(`user:${i}`, '192.0.2.1')!.cancel();
    throttle.begin('user:1', '192.0.2.2')!.succeed();
    expect(throttle.addressLoad('192.0.2.1')).toBeCloseTo(10);
    expect(throttle.addressLoad('192.0.2.2')).toBeCloseTo(1);
    now += 30_000;
    expect(throttle.addressLoad('192.0.2.1')).toBeCloseTo(5);
  });
});

describe('networkKey (issue 35, item 8)', () => {
  it('keys IPv4 by /24 and IPv6 by /48, from an address or a client key', () => {
    expect(networkKey('203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkKey('::ffff:127.0.4.250')).toBe('127.0.4.0/24');
    expect(networkKey(clientKey('2001:db8:1:2:a:b:c:d'))).toBe('2001:db8:1::/48');
    expect(networkKey('2001:db8:1:ffff::1')).toBe('2001:db8:1::/48');
    expect(networkKey(clientKey('2001:db8:2::1'))).not.toBe(networkKey(clientKey('2001:db8:1::1')));
    expect(networkKey('not an address')).toBe('not an address');
  });

  it("counts a network's accepted attempts over all its addresses", () => {
    const throttle = new LoginThrottle(() => 0);
    for (let i = 1; i <= 40; i++) throttle.begin('account', `127.0.1.${i}`)?.fail();
    expect(throttle.networkLoad('127.0.1.200')).toBe(40);
    expect(throttle.addressLoad('127.0.1.200')).toBe(0);
    expect(throttle.networkLoad('127.0.2.1')).toBe(0);
  });
});
