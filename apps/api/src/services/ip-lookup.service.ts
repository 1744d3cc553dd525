import ipaddr from 'ipaddr.js';
import type { IpLookupResult, ReservedRange } from '@toolvault/shared';
import { ZIpAddress } from '@toolvault/shared/schemas';
import type { GeoService } from './geo.service';
import { fail, ok, type Result } from '../lib/result';

type Range = readonly [cidr: string, kind: ReservedRange];

/**
 * IANA special-purpose registries (RFC 6890 and successors). The first match
 * wins, so narrower ranges come before the blocks that contain them.
 */
const IPV4_RANGES: readonly Range[] = [
  ['0.0.0.0/8', 'unspecified'], // RFC 791 "this network"
  ['10.0.0.0/8', 'private'], // RFC 1918
  ['100.64.0.0/10', 'carrierGradeNat'], // RFC 6598
  ['127.0.0.0/8', 'loopback'], // RFC 1122
  ['169.254.0.0/16', 'linkLocal'], // RFC 3927
  ['172.16.0.0/12', 'private'], // RFC 1918
  ['192.0.0.0/24', 'reserved'], // RFC 6890 IETF protocol assignments
  ['192.0.2.0/24', 'documentation'], // RFC 5737 TEST-NET-1
  ['192.88.99.0/24', 'reserved'], // RFC 7526 deprecated 6to4 relay anycast
  ['192.168.0.0/16', 'private'], // RFC 1918
  ['198.18.0.0/15', 'benchmarking'], // RFC 2544
  ['198.51.100.0/24', 'documentation'], // RFC 5737 TEST-NET-2
  ['203.0.113.0/24', 'documentation'], // RFC 5737 TEST-NET-3
  ['224.0.0.0/4', 'multicast'], // RFC 5771
  ['255.255.255.255/32', 'broadcast'], // RFC 919
  ['240.0.0.0/4', 'reserved'], // RFC 1112 future use
];

const IPV6_RANGES: readonly Range[] = [
  ['::/128', 'unspecified'], // RFC 4291
  ['::1/128', 'loopback'], // RFC 4291
  ['2001:2::/48', 'benchmarking'], // RFC 5180
  ['2001::/23', 'reserved'], // RFC 2928 IETF protocol assignments (Teredo, ORCHID, AS112…)
  ['2001:db8::/32', 'documentation'], // RFC 3849
  ['3fff::/20', 'documentation'], // RFC 9637
  ['fc00::/7', 'uniqueLocal'], // RFC 4193
  ['fe80::/10', 'linkLocal'], // RFC 4291
  ['ff00::/8', 'multicast'], // RFC 4291
];

/** RFC 4291 global unicast: outside it (and the blocks above) every IPv6 address is unallocated or reserved. */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');

const parsedRanges = <T extends ipaddr.IPv4 | ipaddr.IPv6>(ranges: readonly Range[]) =>
  ranges.map(([cidr, kind]) => [ipaddr.parseCIDR(cidr) as [T, number], kind] as const);
const V4 = parsedRanges<ipaddr.IPv4>(IPV4_RANGES);
const V6 = parsedRanges<ipaddr.IPv6>(IPV6_RANGES);

export interface ClassifiedAddress {
  /** Canonical text: IPv4 dotted quad, IPv6 in RFC 5952 form; an IPv4-mapped IPv6 address becomes IPv4. */
  ip: string;
  version: 4 | 6;
  reserved: ReservedRange | null;
}

/** Validates with the shared schema and says which special-purpose range (if any) holds the address. */
export function classifyAddress(input: string): Result<ClassifiedAddress, 'INVALID_IP'> {
  const parsed = ZIpAddress.safeParse(input);
  if (!parsed.success) return fail('INVALID_IP');
  const address = ipaddr.process(parsed.data);
  if (address.kind() === 'ipv4') {
    const v4 = address as ipaddr.IPv4;
    const match = V4.find(([range]) => v4.match(range));
    return ok({ ip: v4.toString(), version: 4, reserved: match?.[1] ?? null });
  }
  // A zone id (fe80::1%eth0) names an interface of this machine, not part of the address.
  const v6 = new ipaddr.IPv6((address as ipaddr.IPv6).parts);
  const match = V6.find(([range]) => v6.match(range));
  const reserved = match?.[1] ?? (v6.match(GLOBAL_UNICAST) ? null : 'reserved');
  return ok({ ip: v6.toRFC5952String(), version: 6, reserved });
}

export interface IpLookupService {
  lookup(ip: string): Promise<Result<IpLookupResult, 'INVALID_IP'>>;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** English name of an ISO 3166-1 alpha-2 code ("US" → "United States"); the code itself when unknown. */
export function countryName(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  const name = regionNames.of(code);
  return name && name !== 'Unknown Region' ? name : code;
}

export function createIpLookupService({ geo }: { geo: GeoService }): IpLookupService {
  return {
    async lookup(input) {
      const classified = classifyAddress(input);
      if (!classified.ok) return classified;
      const { ip, version, reserved } = classified.value;
      const empty: IpLookupResult = {
        ip,
        version,
        reserved,
        country: null,
        countryCode: null,
        region: null,
        city: null,
        isp: null,
        organization: null,
        timezone: null,
        coordinates: null,
      };
      // A special-purpose address has no place; say which range it is instead of guessing one.
      if (reserved) return ok(empty);
      const record = await geo.lookup(ip);
      return ok({
        ...empty,
        country: record.countryCode ? countryName(record.countryCode) : null,
        countryCode: record.countryCode,
        region: record.region,
        city: record.city,
        isp: record.asn === null ? null : [`AS${record.asn}`, record.asOrganization].filter(Boolean).join(' '),
        organization: record.asOrganization,
        timezone: record.timezone,
        coordinates: record.coordinates,
      });
    },
  };
}
