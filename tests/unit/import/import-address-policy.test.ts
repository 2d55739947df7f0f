import { describe, expect, it } from 'vitest';
import { createAddressPolicy } from '../../../server/import/address-policy.ts';
import { ConfigError, loadConfig } from '../../../server/config.ts';

describe('the import address policy', () => {
  const policy = createAddressPolicy();

  it('allows public unicast addresses only', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(policy.refusal(address), address).toBeUndefined();
    }
  });

  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['127.255.255.254', 'a loopback address'],
    ['::1', 'a loopback address'],
    ['10.0.0.1', 'a private address'],
    ['172.31.255.255', 'a private address'],
    ['192.168.0.1', 'a private address'],
    ['169.254.1.1', 'a link-local address'],
    ['fe80::1', 'a link-local address'],
    ['fd12:3456::1', 'a unique-local address'],
    ['100.64.0.1', 'a carrier-grade NAT address'],
    ['224.0.0.251', 'a multicast address'],
    ['ff02::1', 'a multicast address'],
    ['0.0.0.0', 'an unspecified address'],
    ['::', 'an unspecified address'],
    ['255.255.255.255', 'a broadcast address'],
    ['169.254.169.254', 'a cloud metadata address'],
    ['fd00:ec2::254', 'a cloud metadata address'],
    ['100.100.100.200', 'a cloud metadata address'],
    ['168.63.129.16', 'a cloud metadata address'],
    ['192.0.2.1', 'a special-purpose address'],
    ['64:ff9b::7f00:1', 'a special-purpose address'],
    ['2002:7f00:1::', 'a special-purpose address'],
  ])('refuses %s as %s', (address, words) => {
    expect(policy.refusal(address)).toMatch(new RegExp(`is ${words}$`));
  });

  it('judges an IPv4-mapped IPv6 address by the IPv4 address it carries', () => {
    expect(policy.refusal('::ffff:127.0.0.1')).toBe('127.0.0.1 is a loopback address');
    expect(policy.refusal('::ffff:a9fe:a9fe')).toBe('169.254.169.254 is a cloud metadata address');
  });

  it('judges an IPv4-compatible IPv6 address (::/96) by the IPv4 address it carries', () => {
    expect(policy.refusal('::a9fe:a9fe')).toBe('169.254.169.254 is a cloud metadata address');
    expect(policy.refusal('::127.0.0.1')).toBe('127.0.0.1 is a loopback address');
    expect(policy.refusal('::7f00:1')).toBe('127.0.0.1 is a loopback address');
    expect(policy.refusal('::10.0.0.1')).toBe('10.0.0.1 is a private address');
    expect(policy.refusal('::0.0.0.2')).toBe('0.0.0.2 is an unspecified address');
    expect(policy.refusal('::8.8.8.8')).toBeUndefined();
    // :: and ::1 are IPv6's own unspecified and loopback addresses, not 0.0.0.0 and 0.0.0.1.
    expect(policy.refusal('::')).toBe(':: is an unspecified address');
    expect(policy.refusal('::1')).toBe('::1 is a loopback address');
    expect(createAddressPolicy(['127.0.0.2']).refusal('::127.0.0.2')).toBeUndefined();
  });

  it('allows exactly the addresses and ranges it is given', () => {
    const allowing = createAddressPolicy(['127.0.0.2', '10.1.0.0/16', 'fd00::/8']);
    expect(allowing.refusal('127.0.0.2')).toBeUndefined();
    expect(allowing.refusal('::ffff:127.0.0.2')).toBeUndefined();
    expect(allowing.refusal('127.0.0.1')).toBe('127.0.0.1 is a loopback address');
    expect(allowing.refusal('10.1.200.3')).toBeUndefined();
    expect(allowing.refusal('10.2.0.1')).toBe('10.2.0.1 is a private address');
    expect(allowing.refusal('fd00:ec2::254')).toBeUndefined();
  });

  it('refuses text that is not an address', () => {
    expect(policy.refusal('example.com')).toBe('example.com is not an IP address');
  });
});

describe('the import settings', () => {
  it('default to nothing private, 10 s, 10 MB, 5 s to read a page and 60 s to scan a photographed one', () => {
    expect(loadConfig({}).recipeImport).toEqual({
      allowedAddresses: [],
      timeoutMs: 10_000,
      maxBytes: 10 * 1024 * 1024,
      readTimeoutMs: 5000,
      scanTimeoutMs: 60_000,
    });
  });

  it('read a comma-separated list of addresses and ranges, and refuse anything else', () => {
    expect(
      loadConfig({ IMPORT_ALLOWED_ADDRESSES: '127.0.0.2, 10.0.0.0/8,fd00::/8' }).recipeImport.allowedAddresses,
    ).toEqual(['127.0.0.2', '10.0.0.0/8', 'fd00::/8']);
    expect(() => loadConfig({ IMPORT_ALLOWED_ADDRESSES: '10.0.0.0/8, intranet.local' })).toThrow(ConfigError);
    expect(() => loadConfig({ IMPORT_ALLOWED_ADDRESSES: 'intranet.local' })).toThrow(
      /IMPORT_ALLOWED_ADDRESSES: "intranet.local"/,
    );
  });
});
