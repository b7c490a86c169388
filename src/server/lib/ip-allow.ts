import net from 'node:net';

// SPEC §5's IP-address/CIDR check, one for every list of addresses the operator sets
// (METRICS_ALLOW, ADMIN_ALLOW_IPS).

/** An IPv4 or IPv6 address, or one with a /prefix. */
export function isAddressOrRange(value: string): boolean {
  const [address = '', prefix, extra] = value.split('/');
  const family = net.isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/** A check of a client's address against addresses and ranges (each passed isAddressOrRange).
 * An IPv4 client seen through an IPv6 socket (`::ffff:10.0.0.7`) is checked as the IPv4 address. */
export function ipAllowList(entries: readonly string[]): (ip: string) => boolean {
  const list = new net.BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = net.isIPv4(address) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (ip) => {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
    const address = mapped ?? ip;
    const family = net.isIP(address);
    return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
  };
}

const lists = new WeakMap<readonly string[], (ip: string) => boolean>();

/** `ipAllowList` made once per list (the env's arrays live as long as the server). */
export function allowedBy(entries: readonly string[], ip: string): boolean {
  let allowed = lists.get(entries);
  if (!allowed) {
    allowed = ipAllowList(entries);
    lists.set(entries, allowed);
  }
  return allowed(ip);
}
