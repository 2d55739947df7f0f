// Which addresses the recipe import may connect to. A page address comes from an editor, so without this
// the server would fetch from its own network for them (SSRF): the database, the identity provider, a
// cloud's metadata service. Only public unicast addresses are allowed, plus what IMPORT_ALLOWED_ADDRESSES
// names (an intranet, or 127.0.0.2 in tests).
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

// Cloud metadata services that sit on public-looking or easily forgotten addresses (the usual
// 169.254.169.254 and fd00:ec2::254 are already link-local and unique-local).
const METADATA = ['169.254.169.254', 'fd00:ec2::254', '100.100.100.200', '168.63.129.16', '192.0.0.192'].map((a) =>
  ipaddr.parse(a),
);

const RANGE_WORDS: Record<string, string> = {
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address',
  loopback: 'a loopback address',
  carrierGradeNat: 'a carrier-grade NAT address',
  private: 'a private address',
  uniqueLocal: 'a unique-local address',
};

/**
 * The address as the network treats it: ::ffff:127.0.0.1 (IPv4-mapped) and ::127.0.0.1 (IPv4-compatible, ::/96,
 * deprecated but still routed as IPv4 by some stacks and translators) are the IPv4 address they carry. `::` and
 * `::1` keep their IPv6 meaning.
 */
function asNetworkSees(text: string): Address {
  const address = ipaddr.process(text);
  if (address.kind() === 'ipv4') return address;
  const parts = (address as ipaddr.IPv6).parts;
  const compatible = parts.slice(0, 6).every((p) => p === 0) && !(parts[6] === 0 && parts[7]! <= 1);
  if (!compatible) return address;
  const [high, low] = [parts[6]!, parts[7]!];
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

function rangeOf(item: string): [Address, number] {
  if (ipaddr.isValidCIDR(item)) return ipaddr.parseCIDR(item);
  const address = ipaddr.process(item);
  return [address, address.kind() === 'ipv4' ? 32 : 128];
}

export type AddressPolicy = {
  /** Why `address` (an IP address as text) may not be connected to, or undefined when it may. For the log, not the client. */
  refusal(address: string): string | undefined;
};

export function createAddressPolicy(allowed: readonly string[] = []): AddressPolicy {
  const ranges = allowed.map(rangeOf);
  return {
    refusal(text) {
      if (!ipaddr.isValid(text)) return `${text} is not an IP address`;
      // ::ffff:127.0.0.1 and ::127.0.0.1 are 127.0.0.1 to the network: judge the IPv4 address they carry.
      const address = asNetworkSees(text);
      if (ranges.some((range) => range[0].kind() === address.kind() && address.match(range))) return undefined;
      const shown = address.toString();
      if (METADATA.some((m) => m.kind() === address.kind() && m.toString() === shown))
        return `${shown} is a cloud metadata address`;
      const range = address.range();
      if (range === 'unicast') return undefined;
      return `${shown} is ${RANGE_WORDS[range] ?? 'a special-purpose address'}`;
    },
  };
}
