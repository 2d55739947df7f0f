import { describe, expect, it } from 'vitest';
import { clientKey } from '../../../server/idp/abuse/throttle.ts';

describe('clientKey: what limits and throttles count a client under', () => {
  it('is the address for IPv4, also when written as IPv4-mapped IPv6', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('is the /64 for IPv6: every address of one network shares one key', () => {
    expect(clientKey('2001:db8:1:2:a:b:c:d')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:DB8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
  });

  it('leaves what is not an address as it is', () => {
    expect(clientKey('')).toBe('');
    expect(clientKey('unix-socket')).toBe('unix-socket');
  });
});
