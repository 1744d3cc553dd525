/**
 * A QR code per short link (GET /api/shortlinks/{id}/qr): its options, their limits, and the colour
 * rule both the manager's dialog and the API apply. No zod here (qr.schemas.ts validates), so the
 * dialog can check colours as they are typed without loading it.
 */
import { shortUrl } from './shortlinks';

export const QR_FORMATS = ['svg', 'png'] as const;
export type QrFormat = (typeof QR_FORMATS)[number];

/** What the file of each format is served as. */
export const QR_CONTENT_TYPES: Readonly<Record<QrFormat, string>> = { svg: 'image/svg+xml', png: 'image/png' };

/** ISO/IEC 18004 error-correction levels, from least to most of the symbol a reader can rebuild. */
export const QR_ECC_LEVELS = ['L', 'M', 'Q', 'H'] as const;
export type QrEccLevel = (typeof QR_ECC_LEVELS)[number];

export const QR_ECC_LABELS: Readonly<Record<QrEccLevel, string>> = {
  L: 'L — Low (recovers about 7%)',
  M: 'M — Medium (about 15%)',
  Q: 'Q — Quartile (about 25%)',
  H: 'H — High (about 30%)',
};

/**
 * Pixels per side. 64 still gives a short URL's code (about 45 modules with its quiet zone) a pixel
 * per module; 2048 is print size, and as a 1-bit PNG still only about half a megabyte before
 * compression, so no request holds the server for long.
 */
export const QR_SIZE = { min: 64, max: 2048, default: 512 } as const;

/** ISO/IEC 18004: a light border four modules wide around the symbol, always drawn. */
export const QR_QUIET_ZONE = 4;

/**
 * The least contrast between the two colours: WCAG 2's 4.5:1 for normal text (AA), the bar the site
 * holds its own pages to. Phone cameras read a code in poor light, glare and print far worse than a
 * screen shows it, so a pair people can barely read is refused rather than served.
 */
export const QR_MIN_CONTRAST = 4.5;

export const QR_DEFAULT_COLORS = { fg: '#000000', bg: '#ffffff' } as const;

export interface QrOptions {
  format: QrFormat;
  size: number;
  ecc: QrEccLevel;
  /** `#rrggbb`, lower case. */
  fg: string;
  bg: string;
}

export const QR_DEFAULTS: Readonly<QrOptions> = {
  format: 'svg',
  size: QR_SIZE.default,
  ecc: 'M',
  ...QR_DEFAULT_COLORS,
};

/** What a code's address carries so that its scans are counted as their own source. */
export const QR_SCAN_PARAM = 'qr';

/** What a link's QR code encodes: its short URL with `?qr=1`. */
export function qrCodeUrl(origin: string, shortCode: string): string {
  return `${shortUrl(origin, shortCode)}?${QR_SCAN_PARAM}=1`;
}

export const QR_COLOR_MESSAGE = 'must be a hex colour like #1a2b3c (or #abc)';

/** `#rgb`, `#rrggbb`, with or without the `#`, any case → `#rrggbb` lower case; null for anything else. */
export function parseHexColor(value: string): string | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!match) return null;
  const hex = match[1]!.toLowerCase();
  return `#${hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex}`;
}

/** WCAG 2 relative luminance of `#rrggbb` (0 black, 1 white). */
export function relativeLuminance(color: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(color.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours, 1 (none) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The ratio as people read it: rounded down to two decimals, so 4.499 never shows as a passing 4.50. */
export const formatRatio = (ratio: number): string => `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;

export type QrColorCheck = { ok: true; ratio: number } | { ok: false; ratio: number; message: string };

/**
 * Whether a code in these colours scans reliably: dark modules on a light ground (many readers,
 * zbar among them, look only for dark-on-light finder patterns) with at least QR_MIN_CONTRAST
 * between them. The message says what to change.
 */
export function checkQrColors(fg: string, bg: string): QrColorCheck {
  const ratio = contrastRatio(fg, bg);
  if (relativeLuminance(fg) >= relativeLuminance(bg)) {
    return {
      ok: false,
      ratio,
      message: `The foreground ${fg} must be darker than the background ${bg}: many scanners cannot read light modules on a dark ground.`,
    };
  }
  if (ratio < QR_MIN_CONTRAST) {
    return {
      ok: false,
      ratio,
      message: `The colours ${fg} on ${bg} have a contrast of ${formatRatio(ratio)}, below the ${QR_MIN_CONTRAST}:1 a scanner needs. Choose a darker foreground or a lighter background.`,
    };
  }
  return { ok: true, ratio };
}
