import { BlockList, isIP } from 'node:net';

/**
 * IPv4 ranges a webhook may not reach: "this network", private (RFC 1918), CGNAT, loopback,
 * link-local (cloud metadata at 169.254.169.254), IETF/documentation/benchmark ranges, multicast,
 * reserved and broadcast.
 */
const IPV4_BLOCKED: readonly [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

/**
 * IPv6 ranges a webhook may not reach: unspecified, loopback and the deprecated IPv4-compatible
 * `::/96` (all of it), local-use NAT64 (`64:ff9b:1::/48`, which may embed an IPv4 address at any of
 * RFC 6052's offsets; the rest of `64:ff9b::/32` outside the well-known `/96` too), discard, benchmarking, documentation, unique-local,
 * link-local, site-local and multicast. Addresses that embed an IPv4 address at a known place
 * (`embeddedIpv4`) are judged by that address as well.
 */
const IPV6_BLOCKED: readonly [string, number][] = [
  ['::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:2::', 48],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
];

function blockList(ranges: readonly [string, number][], family: 'ipv4' | 'ipv6'): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of ranges) list.addSubnet(network, prefix, family);
  return list;
}

const ipv4Blocked = blockList(IPV4_BLOCKED, 'ipv4');
const ipv6Blocked = blockList(IPV6_BLOCKED, 'ipv6');

/** The eight 16-bit groups of a valid IPv6 address (a trailing dotted quad included). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const first = parse(head);
  const last = tail === undefined ? [] : parse(tail);
  return [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
}

const dotted = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

type Groups = [number, number, number, number, number, number, number, number];

/**
 * The IPv4 addresses an IPv6 address carries, in every form that routes to them: IPv4-mapped
 * (`::ffff:0:0/96`), SIIT (`::ffff:0:0:0/96`), NAT64 (`64:ff9b::/96`), 6to4 (`2002::/16`, bits 16-47)
 * and Teredo (`2001:0::/32`: the server in bits 32-63, the client in the last 32 bits, inverted).
 */
function embeddedIpv4(g: Groups): string[] {
  const zeros = (from: number, to: number) => g.slice(from, to).every((group) => group === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return [dotted(g[6], g[7])];
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return [dotted(g[6], g[7])];
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return [dotted(g[6], g[7])];
  if (g[0] === 0x2002) return [dotted(g[1], g[2])];
  if (g[0] === 0x2001 && g[1] === 0) return [dotted(g[2], g[3]), dotted(g[6] ^ 0xffff, g[7] ^ 0xffff)];
  return [];
}

/**
 * True when a webhook must not connect to `address`: loopback, private, link-local, CGNAT,
 * unique-local, multicast and the other internal or reserved ranges above, in either family, and
 * anything that is not an IP address at all. Brackets and an IPv6 zone (`%eth0`) are ignored.
 */
export function isForbiddenAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(ip);
  if (family === 4) return ipv4Blocked.check(ip, 'ipv4');
  if (family !== 6) return true;
  if (ipv6Blocked.check(ip, 'ipv6')) return true;
  const groups = ipv6Groups(ip) as Groups;
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).some((group) => group !== 0)) return true;
  return embeddedIpv4(groups).some((ipv4) => ipv4Blocked.check(ipv4, 'ipv4'));
}
