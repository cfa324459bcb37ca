import ipaddr from 'ipaddr.js';

// Which addresses a fetch of an address from a CSV may connect to: only public unicast ones. Everything else
// (private, loopback, link-local, unique-local, carrier-grade NAT, multicast, unspecified, broadcast, reserved, and
// IPv6 forms that carry an IPv4 address inside) could reach this machine or the network it sits in.

const LABELS: Record<string, string> = {
  private: 'private',
  loopback: 'loopback',
  linkLocal: 'link-local',
  uniqueLocal: 'unique-local',
  multicast: 'multicast',
  unspecified: 'unspecified',
  broadcast: 'broadcast',
  carrierGradeNat: 'shared (carrier-grade NAT)',
};

/** Why the address may not be fetched from, or null when it is a public unicast address. */
export function blockedAddressReason(address: string): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  let ip = ipaddr.parse(address);
  // ::ffff:127.0.0.1 reaches 127.0.0.1: judged as the IPv4 address it carries.
  if (ip instanceof ipaddr.IPv6 && ip.isIPv4MappedAddress()) ip = ip.toIPv4Address();
  const range = ip.range();
  if (range === 'unicast') return null;
  return `${address} is a ${LABELS[range] ?? `reserved (${range})`} address`;
}
