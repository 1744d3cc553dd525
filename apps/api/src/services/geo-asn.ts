import ipaddr from 'ipaddr.js';

/** An address as big-endian 32-bit words: one for IPv4, four for IPv6, so both compare the same way. */
export type AddressWords = readonly number[];

export function addressWords(address: ipaddr.IPv4 | ipaddr.IPv6): AddressWords {
  if (address.kind() === 'ipv4') {
    const [a = 0, b = 0, c = 0, d = 0] = (address as ipaddr.IPv4).octets;
    return [((a << 24) | (b << 16) | (c << 8) | d) >>> 0];
  }
  const parts = (address as ipaddr.IPv6).parts;
  const words: number[] = [];
  for (let i = 0; i < 8; i += 2) words.push((((parts[i] ?? 0) << 16) | (parts[i + 1] ?? 0)) >>> 0);
  return words;
}

export interface AutonomousSystem {
  asn: number;
  organization: string | null;
}

/**
 * One address family of an IP-to-ASN table, kept in typed arrays: about half
 * a million ranges cost a few megabytes instead of hundreds of thousands of
 * objects. Ranges are inclusive and sorted by start.
 */
export class AsnTable {
  private constructor(
    private readonly width: number,
    private readonly starts: Uint32Array,
    private readonly ends: Uint32Array,
    private readonly asns: Uint32Array,
    private readonly organizationIndex: Uint32Array,
    private readonly organizations: readonly string[],
    readonly size: number,
  ) {}

  /**
   * Parses the `@ip-location-db/asn` CSV format
   * (`ip_range_start,ip_range_end,asn,"organization"`, one range a line).
   * Works on bytes, so each organization name is its own small string rather
   * than a slice that would keep the whole file alive.
   */
  static fromCsv(csv: Buffer, version: 4 | 6): AsnTable {
    const width = version === 4 ? 1 : 4;
    let capacity = 1;
    for (let i = 0; i < csv.length; i += 1) if (csv[i] === NEWLINE) capacity += 1;
    const starts = new Uint32Array(capacity * width);
    const ends = new Uint32Array(capacity * width);
    const asns = new Uint32Array(capacity);
    const organizationIndex = new Uint32Array(capacity);
    const organizations: string[] = [];
    const known = new Map<string, number>();

    let size = 0;
    let lineStart = 0;
    while (lineStart < csv.length) {
      let lineEnd = csv.indexOf(NEWLINE, lineStart);
      if (lineEnd === -1) lineEnd = csv.length;
      const first = csv.indexOf(COMMA, lineStart);
      const second = first === -1 ? -1 : csv.indexOf(COMMA, first + 1);
      const third = second === -1 ? -1 : csv.indexOf(COMMA, second + 1);
      if (third !== -1 && third < lineEnd) {
        const start = parseAddress(csv, lineStart, first, version);
        const end = parseAddress(csv, first + 1, second, version);
        const asn = Number(csv.toString('latin1', second + 1, third));
        if (start && end && Number.isInteger(asn)) {
          starts.set(start, size * width);
          ends.set(end, size * width);
          asns[size] = asn;
          const organization = unquote(csv.toString('utf8', third + 1, lineEnd).replace(/\r$/, ''));
          let index = known.get(organization);
          if (index === undefined) {
            index = organizations.length;
            organizations.push(organization);
            known.set(organization, index);
          }
          organizationIndex[size] = index;
          size += 1;
        }
      }
      lineStart = lineEnd + 1;
    }
    return new AsnTable(width, starts, ends, asns, organizationIndex, organizations, size);
  }

  /** The range holding the address (the last one starting at or before it), or null. */
  find(words: AddressWords): AutonomousSystem | null {
    if (words.length !== this.width) return null;
    let low = 0;
    let high = this.size - 1;
    let candidate = -1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      if (this.compare(this.starts, middle, words) <= 0) {
        candidate = middle;
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    if (candidate === -1 || this.compare(this.ends, candidate, words) < 0) return null;
    const organization = this.organizations[this.organizationIndex[candidate] ?? 0] ?? '';
    return { asn: this.asns[candidate] ?? 0, organization: organization === '' ? null : organization };
  }

  /** Sign of (row `index` of `column`) − `words`. */
  private compare(column: Uint32Array, index: number, words: AddressWords): number {
    const base = index * this.width;
    for (let i = 0; i < this.width; i += 1) {
      const difference = (column[base + i] ?? 0) - (words[i] ?? 0);
      if (difference !== 0) return difference;
    }
    return 0;
  }
}

const NEWLINE = 0x0a;
const COMMA = 0x2c;
const DOT = 0x2e;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;

/** Reads one address field; IPv4 by hand (it is most of the file), IPv6 through ipaddr.js. */
function parseAddress(csv: Buffer, from: number, to: number, version: 4 | 6): AddressWords | null {
  if (version === 6) {
    try {
      return addressWords(ipaddr.IPv6.parse(csv.toString('latin1', from, to)));
    } catch {
      return null;
    }
  }
  let value = 0;
  let octet = -1;
  let dots = 0;
  for (let i = from; i < to; i += 1) {
    const byte = csv[i] ?? 0;
    if (byte === DOT) {
      if (octet === -1 || dots === 3) return null;
      value = value * 256 + octet;
      octet = -1;
      dots += 1;
    } else if (byte >= DIGIT_0 && byte <= DIGIT_9) {
      octet = (octet === -1 ? 0 : octet * 10) + (byte - DIGIT_0);
      if (octet > 255) return null;
    } else {
      return null;
    }
  }
  if (octet === -1 || dots !== 3) return null;
  return [value * 256 + octet];
}

/** A CSV field: `"LLC ""SPUTNIK"""` → `LLC "SPUTNIK"`. */
function unquote(field: string): string {
  const trimmed = field.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    return trimmed.slice(1, -1).replaceAll('""', '"');
  }
  return trimmed;
}
