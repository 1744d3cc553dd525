import {
  ENDPOINTS,
  endpointUrl,
  INVALID_IP_MESSAGE,
  RESERVED_RANGE_LABELS,
  type Coordinates,
  type IpLookupResult,
} from '@toolvault/shared';
import { ZIpAddress } from '@toolvault/shared/schemas';
import { err, ok, type Result } from '../../lib/result';

/** Shown for every field the offline database does not hold (docs/decisions/0001-real-tools.md: never an invented value). */
export const MISSING = '—';

/** Shown under the input when it is not an address, before any request is made. */
export const INVALID_INPUT = `${INVALID_IP_MESSAGE}. Enter an IPv4 address such as 8.8.8.8 or an IPv6 address such as 2001:4860:4860::8888.`;

/** The same schema the API validates with; the trimmed address when valid. */
export function validateIpInput(input: string): Result<string> {
  const parsed = ZIpAddress.safeParse(input);
  return parsed.success ? ok(parsed.data) : err(INVALID_INPUT);
}

/** The API paths: the address is one path segment, so it is percent-encoded (IPv6 has colons). */
export const lookupPath = (ip: string) => endpointUrl(ENDPOINTS.ipLookup, { params: { ip } });
export const MY_IP_PATH = endpointUrl(ENDPOINTS.ipMe);

/** Degrees to 4 decimals (about 11 m, the database's own precision): "37.7510, -97.8220". */
export function formatCoordinates(coordinates: Coordinates | null): string {
  if (!coordinates || !Number.isFinite(coordinates.lat) || !Number.isFinite(coordinates.lon)) return MISSING;
  return `${coordinates.lat.toFixed(4)}, ${coordinates.lon.toFixed(4)}`;
}

/** "United States (US)"; either part alone when only one is known. */
export function formatCountry(result: Pick<IpLookupResult, 'country' | 'countryCode'>): string {
  const { country, countryCode } = result;
  if (country && countryCode && country !== countryCode) return `${country} (${countryCode})`;
  return country ?? countryCode ?? MISSING;
}

const orMissing = (value: string | null | undefined) => (value && value.trim() !== '' ? value : MISSING);

export interface ResultRow {
  label: string;
  value: string;
}

/** The results card's eight fields, in order. */
export function resultRows(result: IpLookupResult): ResultRow[] {
  return [
    { label: 'IP Address', value: orMissing(result.ip) },
    { label: 'Country', value: formatCountry(result) },
    { label: 'Region', value: orMissing(result.region) },
    { label: 'City', value: orMissing(result.city) },
    { label: 'ISP', value: orMissing(result.isp) },
    { label: 'Organization', value: orMissing(result.organization) },
    { label: 'Timezone', value: orMissing(result.timezone) },
    { label: 'Coordinates', value: formatCoordinates(result.coordinates) },
  ];
}

/** For a special-purpose address: which range it is and why nothing is shown. */
export function reservedNote(result: Pick<IpLookupResult, 'ip' | 'reserved'>): string | null {
  if (!result.reserved) return null;
  const label = RESERVED_RANGE_LABELS[result.reserved] ?? RESERVED_RANGE_LABELS.reserved;
  return `${result.ip} is ${label}. It is not a public internet address, so it has no location.`;
}
