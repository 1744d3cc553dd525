/**
 * What the QR Code Reader says about a decoded text.
 * Pure: the decoding itself runs in qr-reader.worker.ts.
 */

/** Toast texts. */
export const LOAD_FAILED = 'Failed to load image';
export const PROCESSING_FAILED = 'Error processing image';
/** The panel shown when no code is found. */
export const SCAN_FAILED_TITLE = 'Scan Failed';

export const SCAN_TIPS = [
  'Include the whole code, with the plain light border around it.',
  'Use a sharp, evenly lit image taken straight on, without glare.',
  'Crop away other content if the code is small in the picture.',
  'Dark-on-light codes read best; try a larger, uncompressed image.',
] as const;

export const CONTENT_TYPES = ['URL', 'Email', 'Phone', 'WiFi', 'Text'] as const;
export type QrContentType = (typeof CONTENT_TYPES)[number];

/**
 * The designed rules, applied in the designed order — the first rule that matches wins:
 * 1. URL: starts with http:// or https:// (scheme in any case, as RFC 3986 allows);
 * 2. Email: contains "@" and a "." anywhere;
 * 3. Phone: contains "+" or has 10 or more digits in total;
 * 4. WiFi: contains "wifi" in any case;
 * 5. otherwise Text.
 * Leading and trailing white space is ignored. Because the order is the original design's,
 * a WiFi code whose password holds "@" and "." is badged Email, and one whose
 * password holds "+" is badged Phone; the WiFi hint is still shown for any
 * text in the WIFI: format (see parseWifi).
 */
export function detectContentType(text: string): QrContentType {
  const value = text.trim();
  if (/^https?:\/\//i.test(value)) return 'URL';
  if (value.includes('@') && value.includes('.')) return 'Email';
  if (value.includes('+') || (value.match(/\d/g)?.length ?? 0) >= 10) return 'Phone';
  if (/wifi/i.test(value)) return 'WiFi';
  return 'Text';
}

/** The link target for "Open in new tab": only a parseable http(s) URL, never javascript:, data: or others. */
export function openableUrl(text: string): string | null {
  const value = text.trim();
  if (detectContentType(value) !== 'URL') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export interface WifiNetwork {
  ssid: string;
  /** "WPA", "WEP", "SAE", … as written; "nopass" or absent means an open network. */
  security: string;
  open: boolean;
  hasPassword: boolean;
  hidden: boolean;
}

/** Splits on `separator` where it is not escaped with a backslash, and removes the escapes. */
function splitUnescaped(value: string, separator: string, limit = Infinity): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < value.length; i++) {
    const char = value[i]!;
    if (char === '\\' && i + 1 < value.length) {
      current += value[++i];
    } else if (char === separator && parts.length < limit - 1) {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts;
}

/**
 * Reads the de-facto WiFi QR format, WIFI:S:<ssid>;T:<WPA|WEP|nopass>;P:<password>;H:<true|false>;;
 * (fields in any order, \ escapes ; , : " and \). Null when the text is not in that format.
 */
export function parseWifi(text: string): WifiNetwork | null {
  const value = text.trim();
  if (!/^wifi:/i.test(value)) return null;
  const fields = new Map<string, string>();
  // Escapes are kept for the second split, so split fields first on the raw text.
  const raw: string[] = [];
  let current = '';
  const body = value.slice(5);
  for (let i = 0; i < body.length; i++) {
    const char = body[i]!;
    if (char === '\\' && i + 1 < body.length) {
      current += char + body[++i];
    } else if (char === ';') {
      raw.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  raw.push(current);
  for (const field of raw) {
    if (field === '') continue;
    const [key, fieldValue] = splitUnescaped(field, ':', 2);
    if (fieldValue === undefined || !key) continue;
    fields.set(key.toUpperCase(), fieldValue);
  }
  const ssid = fields.get('S');
  if (ssid === undefined || ssid === '') return null;
  const security = fields.get('T') ?? '';
  const open = security === '' || security.toLowerCase() === 'nopass';
  return {
    ssid,
    security: open ? 'None (open network)' : security,
    open,
    hasPassword: (fields.get('P') ?? '') !== '',
    hidden: (fields.get('H') ?? '').toLowerCase() === 'true',
  };
}

/** ASCII's names for the C0 control characters, as decoders and terminals print them. */
// prettier-ignore
const C0_NAMES = [
  'NUL', 'SOH', 'STX', 'ETX', 'EOT', 'ENQ', 'ACK', 'BEL', 'BS', 'TAB', 'LF', 'VT', 'FF', 'CR', 'SO', 'SI',
  'DLE', 'DC1', 'DC2', 'DC3', 'DC4', 'NAK', 'SYN', 'ETB', 'CAN', 'EM', 'SUB', 'ESC', 'FS', 'GS', 'RS', 'US',
] as const;

export interface InvisibleCharacter {
  /** "ESC", "GS", "TAB", or "U+200B" for one without a short name. */
  name: string;
  /** "U+001B". */
  codePoint: string;
  count: number;
}

/**
 * The characters of `text` a text box shows as nothing (controls and format characters such as
 * U+FEFF), in order of first appearance, so the screen can point them out while the value and
 * Copy stay exact. Line feeds are left out: the text box shows them as line breaks.
 */
export function invisibleCharacters(text: string): InvisibleCharacter[] {
  const found = new Map<number, InvisibleCharacter>();
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code === 0x0a || !/[\p{Cc}\p{Cf}]/u.test(char)) continue;
    const entry = found.get(code);
    if (entry) {
      entry.count++;
      continue;
    }
    const codePoint = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
    const name = code < 0x20 ? C0_NAMES[code]! : code === 0x7f ? 'DEL' : codePoint;
    found.set(code, { name, codePoint, count: 1 });
  }
  return [...found.values()];
}

/** "ESC (U+001B) ×2, GS (U+001D)": the list the screen shows under the decoded text. */
export function describeInvisible(characters: InvisibleCharacter[]): string {
  return characters
    .map(({ name, codePoint, count }) => {
      const label = name === codePoint ? codePoint : `${name} (${codePoint})`;
      return count > 1 ? `${label} ×${count}` : label;
    })
    .join(', ');
}
