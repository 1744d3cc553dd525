/** The one message for anything that is not an IPv4 or IPv6 address (docs/decisions/0002-server-enforces-rules.md: clear 4xx errors). */
export const INVALID_IP_MESSAGE = 'Invalid IP address';

/** Longest textual address: a full IPv6 address with an embedded IPv4 tail (45 characters). */
export const IP_ADDRESS_MAX_LENGTH = 45;

/**
 * Special-purpose ranges (IANA IPv4/IPv6 special-purpose registries, RFC 6890)
 * that have no public location: a lookup says which one instead of inventing a place.
 */
export const RESERVED_RANGES = [
  'unspecified',
  'private',
  'loopback',
  'linkLocal',
  'uniqueLocal',
  'multicast',
  'documentation',
  'carrierGradeNat',
  'benchmarking',
  'broadcast',
  'reserved',
] as const;
export type ReservedRange = (typeof RESERVED_RANGES)[number];

/** Human wording of each range, shared by the API's clients. */
export const RESERVED_RANGE_LABELS: Record<ReservedRange, string> = {
  unspecified: 'an unspecified ("this network") address',
  private: 'a private network address (RFC 1918)',
  loopback: 'a loopback address (this device)',
  linkLocal: 'a link-local address',
  uniqueLocal: 'a unique local address (private IPv6, RFC 4193)',
  multicast: 'a multicast address',
  documentation: 'a documentation example address (RFC 5737 / RFC 3849)',
  carrierGradeNat: 'a carrier-grade NAT shared address (RFC 6598)',
  benchmarking: 'a benchmarking address (RFC 2544 / RFC 5180)',
  broadcast: 'the limited broadcast address',
  reserved: 'a reserved special-purpose address',
};

export interface Coordinates {
  lat: number;
  lon: number;
}

/**
 * The answer of `GET /api/ip/:ip` and `GET /api/ip/me` (the designed "IP info" fields,
 * plus the address family, the ISO country code and the reserved range). A
 * field the offline database does not hold is null, never made up.
 */
export interface IpLookupResult {
  /** The address looked up, in canonical form (an IPv4-mapped IPv6 address becomes IPv4). */
  ip: string;
  version: 4 | 6;
  /** Set for special-purpose ranges, which have no location; null for a public address. */
  reserved: ReservedRange | null;
  /** English country name, e.g. "United States". */
  country: string | null;
  /** ISO 3166-1 alpha-2, e.g. "US". */
  countryCode: string | null;
  region: string | null;
  city: string | null;
  /** The autonomous system that announces the address, e.g. "AS15169 Google LLC". */
  isp: string | null;
  /** The organization that holds that autonomous system, e.g. "Google LLC". */
  organization: string | null;
  /** IANA time zone, e.g. "America/Chicago". */
  timezone: string | null;
  coordinates: Coordinates | null;
}
