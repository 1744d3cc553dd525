import { lookup as dnsLookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/** An address a delivery may connect to, as the resolver answered it. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all its addresses (node's dns.lookup in production; a table in tests). */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolve: Resolve = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

export interface TargetPolicy {
  /** WEBHOOK_ALLOW_PRIVATE: the operator lets webhooks reach this host and private networks. */
  allowPrivate: boolean;
  /** This machine's own addresses (machine-addresses.ts), as the URL parser writes hosts. */
  ownAddresses: () => readonly string[];
}

/**
 * Why a webhook may not connect to `ip`, or null when it may. Only ordinary public unicast
 * addresses are allowed: loopback, private, carrier-grade NAT, link-local, unique-local, multicast,
 * broadcast, unspecified and reserved ranges are refused, and so is any address of this machine.
 * An IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it is.
 */
export function refusedAddress(ip: string, policy: TargetPolicy): string | null {
  if (!ipaddr.isValid(ip)) return 'not an IP address';
  if (policy.allowPrivate) return null;
  const parsed = ipaddr.process(ip);
  const range = parsed.range();
  if (range !== 'unicast') return `${range} address`;
  const normal = parsed.kind() === 'ipv6' ? `[${parsed.toString()}]` : parsed.toString();
  const own = policy.ownAddresses().map((host) => host.toLowerCase());
  if (own.includes(normal.toLowerCase())) return "this host's own address";
  return null;
}

/** A URL's host as the resolver takes it: an IPv6 literal without its brackets. */
function bareHost(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

export type TargetCheck = { ok: true; value: ResolvedAddress } | { ok: false; error: string };

/**
 * The address to connect to for `target`: its host resolved, and every answer allowed (one refused
 * answer refuses the target: which one a client would pick is not ours to know). The delivery
 * connects to the address answered here, never resolving again, so a name that answers a public
 * address now and a private one a moment later (DNS rebinding) cannot switch it.
 */
export async function checkTarget(target: string, policy: TargetPolicy, resolve: Resolve): Promise<TargetCheck> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { ok: false, error: 'not a URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, error: 'not http or https' };
  const host = bareHost(url);
  let addresses: ResolvedAddress[];
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: host.includes(':') ? 6 : 4 }];
  } else {
    try {
      addresses = await resolve(host);
    } catch {
      return { ok: false, error: 'host name did not resolve' };
    }
  }
  if (addresses.length === 0) return { ok: false, error: 'host name did not resolve' };
  for (const { address } of addresses) {
    const refused = refusedAddress(address, policy);
    if (refused !== null) return { ok: false, error: `refused: ${refused}` };
  }
  return { ok: true, value: addresses[0]! };
}
