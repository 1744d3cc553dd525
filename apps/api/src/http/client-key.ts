import { ipKeyGenerator } from 'express-rate-limit';

/**
 * One IPv6 client is one /56: a home or office line is handed a /56 or a /48 (a /64 at the very
 * least), so a client may use any of 2^72 addresses, and a key per address would let it step past
 * every limit by changing address. A /56 is the narrowest prefix that one site is commonly given.
 */
export const IPV6_SUBNET = 56;

/**
 * The key under which a client's requests and connections are counted: its IPv4 address (an
 * IPv4-mapped IPv6 address counts as the IPv4 one), or the /56 its IPv6 address lies in.
 */
export function clientKey(ip: string | undefined): string {
  return ipKeyGenerator(ip ?? '', IPV6_SUBNET);
}
