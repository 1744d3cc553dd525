import os from 'node:os';

/**
 * This machine's own interface addresses as the URL parser writes a host ('192.0.2.2',
 * '[fd00::2]'), to refuse link targets that point back at it. Read on each call: an interface can
 * come up or change its address while the server runs, and reading them takes microseconds.
 */
export function machineAddresses(interfaces = os.networkInterfaces()): string[] {
  const hosts: string[] = [];
  for (const list of Object.values(interfaces)) {
    for (const { address } of list ?? []) {
      const host = address.includes(':') ? ipv6Host(address) : address;
      if (host !== null) hosts.push(host);
    }
  }
  return hosts;
}

/** `[…]` in the parser's compressed form; a link-local address's zone (`%eth0`) has no place in a URL. */
function ipv6Host(address: string): string | null {
  try {
    return new URL(`http://[${address.split('%')[0]}]/`).hostname;
  } catch {
    return null;
  }
}
