import ipaddr from 'ipaddr.js';

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** Parses "203.0.113.0/24", "2001:db8::/32" or a bare address (one host); null when it is neither. */
function parseRange(text: string): Range | null {
  const value = text.trim();
  // Only the usual spellings: dotted quads (not inet_aton's "10.1" or octal forms) and IPv6 without a zone.
  const host = value.split('/')[0] ?? '';
  if (!ipaddr.IPv4.isValidFourPartDecimal(host) && !(ipaddr.IPv6.isValid(host) && !host.includes('%'))) return null;
  if (value.includes('/') && !/^\/\d{1,3}$/.test(value.slice(host.length))) return null;
  try {
    if (value.includes('/')) {
      const [address, prefix] = ipaddr.parseCIDR(value);
      // An IPv4-mapped IPv6 range (::ffff:203.0.113.0/120) is an IPv4 range.
      if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() && prefix >= 96) {
        return [(address as ipaddr.IPv6).toIPv4Address(), prefix - 96];
      }
      return [address, prefix];
    }
    const address = ipaddr.process(value);
    return [address, address.kind() === 'ipv4' ? 32 : 128];
  } catch {
    return null;
  }
}

/** Whether a setting entry is a CIDR range or a single address, IPv4 or IPv6. */
export function isCidr(text: string): boolean {
  return parseRange(text) !== null;
}

/**
 * A matcher over CIDR ranges, parsed once: `has(ip)` says whether the address lies in one of them.
 * IPv4-mapped IPv6 addresses (::ffff:198.51.100.7, as dual-stack sockets report IPv4 peers) match IPv4 ranges.
 */
export function createIpRanges(entries: readonly string[]) {
  const ranges = entries.map((entry) => {
    const range = parseRange(entry);
    if (!range) throw new Error(`not a CIDR range: ${entry}`);
    return range;
  });
  return {
    size: ranges.length,
    has(ip: string): boolean {
      if (ranges.length === 0 || !ipaddr.isValid(ip)) return false;
      const address = ipaddr.process(ip);
      return ranges.some(([base, prefix]) => base.kind() === address.kind() && address.match(base, prefix));
    },
  };
}
export type IpRanges = ReturnType<typeof createIpRanges>;
