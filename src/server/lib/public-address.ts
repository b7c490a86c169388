import dns from 'node:dns/promises';
import net from 'node:net';
import { ipAllowList } from './ip-allow.ts';

// Where the server may send a request a member chose (a push endpoint): only to the public
// internet, never to its own machine or network (PRODUCT.md: "the server never posts to its own
// network"). A name counts by every address it resolves to, so a name pointed at 127.0.0.1 is
// refused like the address.

/** This host, private networks, link-local, shared (CGNAT), documentation, benchmarking,
 * multicast and reserved ranges of IPv4 and IPv6. */
const NOT_PUBLIC = ipAllowList([
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/3',
  '::/127',
  '64:ff9b::/96',
  '100::/64',
  '2001:db8::/32',
  'fc00::/7',
  'fe80::/10',
  'ff00::/8',
]);

/** Whether `ip` is an address on the public internet. */
export function isPublicAddress(ip: string): boolean {
  return net.isIP(ip) !== 0 && !NOT_PUBLIC(ip);
}

/** Whether every address `host` (a name or an address, IPv6 maybe in brackets) stands for is
 * public; a name that does not resolve is not. */
export async function isPublicHost(host: string): Promise<boolean> {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  if (net.isIP(bare)) return isPublicAddress(bare);
  try {
    const addresses = await dns.lookup(bare, { all: true, verbatim: true });
    return addresses.length > 0 && addresses.every((a) => isPublicAddress(a.address));
  } catch {
    return false;
  }
}
